import { AUTH_SUCCESS_MESSAGES } from '@prospector/contracts';
import { useSendVerificationEmail } from '../api/send-verification-email.ts';
import { EmailDialog } from './email-dialog.tsx';

type ResendConfirmationDialogProps = {
  trigger?: string;
  triggerVariant?: 'link' | 'default';
  defaultEmail?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

export function ResendConfirmationDialog({
  trigger = 'Resend it',
  triggerVariant,
  defaultEmail,
  open,
  onOpenChange,
}: ResendConfirmationDialogProps) {
  const mutation = useSendVerificationEmail();
  return (
    <EmailDialog
      trigger={trigger}
      triggerVariant={triggerVariant}
      title="Resend confirmation email"
      description="Enter your email and we'll send a new verification link."
      submit="Resend Email"
      successMessage={AUTH_SUCCESS_MESSAGES.confirmationResent}
      mutation={mutation}
      defaultEmail={defaultEmail}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}
