import { AUTH_SUCCESS_MESSAGES, ZEmailSchema } from '@prospector/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  toast,
} from '@prospector/ui';
import type { UseMutationResult } from '@tanstack/react-query';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import { type FormEvent, useId, useState } from 'react';
import { EmailField } from '../../../components/form-field.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSendVerificationEmail } from '../api/send-verification-email.ts';
import { authErrorMessage } from '../auth-error-message.ts';

type EmailDialogProps = {
  trigger: string;
  /** A link inside text by default; a full button where the dialog is the page's main way on. */
  triggerVariant?: 'link' | 'default';
  title: string;
  description: string;
  submit: string;
  /** Shown in the dialog and as a toast once the e-mail is on its way (docs/product.md §8). */
  successMessage: string;
  mutation: UseMutationResult<unknown, Error, string>;
  defaultEmail?: string;
};

/** The reset and resend dialogs (docs/product.md §2) share this shape: one email field and one action. */
function EmailDialog({
  trigger,
  triggerVariant = 'link',
  title,
  description,
  submit,
  successMessage,
  mutation,
  defaultEmail = '',
}: EmailDialogProps) {
  const emailId = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string>();

  // Each opening starts afresh from the form's e-mail.
  const onOpenChange = (open: boolean) => {
    if (!open) return;
    setEmail(defaultEmail);
    setError(undefined);
    mutation.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the DOM but not out of React's tree: its submit event would
    // still bubble to the sign-in form that renders it and sign in with that form's fields too.
    event.stopPropagation();
    const parsed = ZEmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    mutation.mutate(parsed.data, { onSuccess: () => toast.success(successMessage) });
  };

  return (
    <Dialog onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant={triggerVariant}
          className={triggerVariant === 'link' ? 'h-auto p-0' : undefined}
        >
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {mutation.isSuccess ? (
          <Alert>
            <CircleCheckIcon aria-hidden />
            <AlertDescription role="status">{successMessage}</AlertDescription>
          </Alert>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
            <EmailField
              id={emailId}
              error={error ?? (mutation.isError ? authErrorMessage(mutation.error) : undefined)}
              value={email}
              onChange={setEmail}
            />
            <DialogFooter>
              <Button type="submit" disabled={mutation.isPending}>
                {submit}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

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
