import { AUTH_SUCCESS_MESSAGES } from '@prospector/contracts';
import { useRequestPasswordReset } from '../api/auth-requests.ts';
import { EmailDialog } from './email-dialog.tsx';

export function ForgotPasswordDialog({ defaultEmail }: { defaultEmail?: string }) {
  const mutation = useRequestPasswordReset();
  return (
    <EmailDialog
      trigger="Forgot password?"
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to set a new password."
      submit="Send Reset Link"
      successMessage={AUTH_SUCCESS_MESSAGES.resetRequested}
      mutation={mutation}
      defaultEmail={defaultEmail}
    />
  );
}
