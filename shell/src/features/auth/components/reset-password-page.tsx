import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input } from '@prospector/ui';
import { FormField } from '../../../components/form-field.tsx';
import { ProductLogo } from '../../../components/product-logo.tsx';

/** Opened from the reset e-mail's link (spec §2). Saving is wired with the account service. */
export function ResetPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <ProductLogo />
          <CardTitle className="mt-4 text-xl">
            <h1>Set a new password</h1>
          </CardTitle>
          <CardDescription>Choose a password of at least 6 characters.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
            <FormField id="reset-new-password" label="New password">
              <Input
                id="reset-new-password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
              />
            </FormField>
            <FormField id="reset-confirm-password" label="Confirm password">
              <Input
                id="reset-confirm-password"
                name="confirm_password"
                type="password"
                autoComplete="new-password"
                required
              />
            </FormField>
            <Button type="submit" className="w-full" disabled>
              Update Password
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
