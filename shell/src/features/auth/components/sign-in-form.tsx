import { ZSignInSchema } from '@prospector/contracts';
import { Alert, AlertDescription, AlertTitle } from '@prospector/ui';
import { ApiError } from '@prospector/web-data';
import CircleAlertIcon from 'lucide-react/icons/circle-exclamation-point';
import { type FormEvent, useState } from 'react';
import { EmailField, PasswordField, SubmitButton } from '../../../components/form-field.tsx';
import { fieldErrors, type TFieldErrors } from '../../../lib/form-errors.ts';
import { useSignIn } from '../api/sign-in.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import { ForgotPasswordDialog, ResendConfirmationDialog } from './email-dialog.tsx';

/** Email and password are required (docs/product.md §5); a success re-reads the session and /auth moves on. */
export function SignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const signIn = useSignIn();
  const notVerified = signIn.error instanceof ApiError && signIn.error.code === 'EMAIL_NOT_VERIFIED';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = ZSignInSchema.safeParse({ email, password });
    setErrors(fieldErrors(result));
    if (result.success) signIn.mutate(result.data);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {signIn.isError && (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden />
          <AlertTitle>Sign in failed</AlertTitle>
          <AlertDescription>
            <p role="alert">{authErrorMessage(signIn.error)}</p>
            {notVerified && (
              <ResendConfirmationDialog trigger="Resend confirmation email" defaultEmail={email} />
            )}
          </AlertDescription>
        </Alert>
      )}
      <EmailField id="sign-in-email" error={errors.email} value={email} onChange={setEmail} />
      <PasswordField
        id="sign-in-password"
        label="Password"
        error={errors.password}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <div className="-mt-1 flex justify-end">
        <ForgotPasswordDialog defaultEmail={email} />
      </div>
      <SubmitButton className="w-full" pending={signIn.isPending} pendingLabel="Signing in">
        Sign In
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        Didn't get the confirmation email? <ResendConfirmationDialog defaultEmail={email} />
      </p>
    </form>
  );
}
