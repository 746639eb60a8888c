import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner } from '@prospector/ui';
import { CircleXIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';

/**
 * Return point of verification and third-party sign-in links (spec §2). The code exchange is wired
 * with the account service; an error passed in the query is shown right away.
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error_description') ?? searchParams.get('error');

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md text-center">
        {error ? (
          <>
            <CardHeader className="items-center">
              <CircleXIcon className="size-10 text-destructive" aria-hidden />
              <CardTitle className="mt-2 text-xl">
                <h1>Verification Failed</h1>
              </CardTitle>
              <CardDescription role="alert">{error}</CardDescription>
            </CardHeader>
            <CardContent className="flex justify-center gap-2">
              <Button asChild variant="outline">
                <Link to="/auth">Back to Sign In</Link>
              </Button>
              <Button onClick={() => window.location.reload()}>Try Again</Button>
            </CardContent>
          </>
        ) : (
          <CardHeader className="items-center" aria-busy="true">
            <Spinner label="Verifying your account" className="text-primary [&_svg]:size-8" />
            <CardTitle className="mt-2 text-xl">
              <h1>Verifying your account</h1>
            </CardTitle>
            <CardDescription>This only takes a moment.</CardDescription>
          </CardHeader>
        )}
      </Card>
    </main>
  );
}
