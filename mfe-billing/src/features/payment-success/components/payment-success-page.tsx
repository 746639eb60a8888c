import { Card, CardDescription, CardHeader, CardTitle, Spinner } from '@prospector/ui';

/**
 * Return point after checkout (spec §2). It shows the processing state while the subscription is
 * checked; the check and the redirect to onboarding run once billing is wired.
 */
export function PaymentSuccessPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center gap-3 py-4" aria-busy="true">
          <Spinner label="Processing your subscription" className="text-primary [&_svg]:size-10" />
          <CardTitle className="text-xl">
            <h1>Processing your subscription...</h1>
          </CardTitle>
          <CardDescription>This takes a few seconds. Please keep this page open.</CardDescription>
        </CardHeader>
      </Card>
    </main>
  );
}
