import { EmailDialog } from './email-dialog.tsx';

type ResendConfirmationDialogProps = {
  trigger?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

export function ResendConfirmationDialog({
  trigger = 'Resend it',
  open,
  onOpenChange,
}: ResendConfirmationDialogProps) {
  return (
    <EmailDialog
      trigger={trigger}
      title="Resend confirmation email"
      description="Enter your email and we'll send a new verification link."
      submit="Resend Email"
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}
