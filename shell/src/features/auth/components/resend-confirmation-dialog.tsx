import { AUTH_SUCCESS_MESSAGES } from '@prospector/contracts';
import { useSendVerificationEmail } from '../api/auth-requests.ts';
import { EmailDialog, type EmailDialogProps } from './email-dialog.tsx';

export function ResendConfirmationDialog({
  trigger = 'Resend it',
  ...props
}: Partial<Pick<EmailDialogProps, 'trigger' | 'triggerVariant' | 'defaultEmail'>>) {
  const mutation = useSendVerificationEmail();
  return (
    <EmailDialog
      trigger={trigger}
      title="Resend confirmation email"
      description="Enter your email and we'll send a new verification link."
      submit="Resend Email"
      successMessage={AUTH_SUCCESS_MESSAGES.confirmationResent}
      mutation={mutation}
      {...props}
    />
  );
}
