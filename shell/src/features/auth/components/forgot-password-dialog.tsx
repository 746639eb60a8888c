import { EmailDialog } from './email-dialog.tsx';

export function ForgotPasswordDialog() {
  return (
    <EmailDialog
      trigger="Forgot password?"
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to set a new password."
      submit="Send Reset Link"
    />
  );
}
