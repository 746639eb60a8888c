import { Button, Input } from '@prospector/ui';
import { FormField } from '../../../components/form-field.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { ResendConfirmationDialog } from './resend-confirmation-dialog.tsx';

/** Email and password are required (spec §5). Submitting is wired with the account service. */
export function SignInForm() {
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <FormField id="sign-in-email" label="Email">
        <Input id="sign-in-email" name="email" type="email" autoComplete="email" required />
      </FormField>
      <FormField id="sign-in-password" label="Password">
        <Input
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </FormField>
      <div className="-mt-1 flex justify-end">
        <ForgotPasswordDialog />
      </div>
      <Button type="submit" className="w-full" disabled>
        Sign In
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Didn't get the confirmation email? <ResendConfirmationDialog />
      </p>
    </form>
  );
}
