import { APP_PATHS } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { Button, Card, CardContent, CardFooter, CardHeader, CardTitle, Skeleton } from '@prospector/ui';
import { SIGNED_OUT_TOOL_MESSAGE, useSession } from '@prospector/web-data';
import type { ReactNode } from 'react';

/**
 * A tool page's content for signed-in users only. The shell's guard normally redirects first; this
 * covers a remote opened on its own and a session that ended while the page was open.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <Skeleton className="m-6 h-40" aria-label="Loading" />;
  if (session.data) return children;
  return (
    <Card className="mx-auto mt-12 max-w-md text-center">
      <CardHeader>
        <CardTitle>
          <h2>{SIGNED_OUT_TOOL_MESSAGE}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        Sign in to extract contacts and see your saved results.
      </CardContent>
      <CardFooter className="justify-center">
        <Button asChild>
          <Link to={APP_PATHS.auth}>Sign In</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
