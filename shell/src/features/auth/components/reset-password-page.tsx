import { APP_PATHS, AUTH_SUCCESS_MESSAGES, ZResetPasswordSchema } from '@prospector/contracts';
import { Alert, AlertDescription, SectionCard } from '@prospector/ui';
import { SESSION_QUERY_KEY } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import CircleAlertIcon from 'lucide-react/icons/circle-exclamation-point';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField, SubmitButton } from '../../../components/form-field.tsx';
import { ProductLogo } from '../../../components/product-logo.tsx';
import { fieldErrors, type TFieldErrors } from '../../../lib/form-errors.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { authErrorMessage } from '../auth-error-message.ts';

/** docs/product.md §9: the success message stays this long before moving on. */
export const RESET_REDIRECT_MS = 2_000;

/**
 * Opened from the reset e-mail's link (docs/product.md §2): `?token=` authorises the change; without one the
 * visitor goes to /auth. A reset ends every other session and signs this browser in afresh, so the
 * session is re-read and /dashboard opens signed in.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = searchParams.get('token');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const reset = useResetPassword();

  useEffect(() => {
    if (!reset.isSuccess) return;
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    const timer = setTimeout(() => navigate(APP_PATHS.dashboard, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate, queryClient]);

  if (!token) return <Navigate to={APP_PATHS.auth} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = ZResetPasswordSchema.safeParse({ password, confirmPassword });
    setErrors(fieldErrors(result));
    if (result.success) reset.mutate({ newPassword: result.data.password, token });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <SectionCard
        className="w-full max-w-md"
        centered
        aboveTitle={<ProductLogo />}
        heading="h1"
        title={reset.isSuccess ? AUTH_SUCCESS_MESSAGES.passwordReset : 'Set a new password'}
        description={
          reset.isSuccess
            ? 'Your password has been changed. Taking you to your dashboard…'
            : 'Choose a password of at least 6 characters.'
        }
      >
        {reset.isSuccess ? (
          <div className="flex justify-center" role="status">
            <CircleCheckIcon
              className="size-10 text-primary"
              aria-label={AUTH_SUCCESS_MESSAGES.passwordReset}
            />
          </div>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
            {reset.isError && (
              <Alert variant="destructive">
                <CircleAlertIcon aria-hidden />
                <AlertDescription role="alert">{authErrorMessage(reset.error)}</AlertDescription>
              </Alert>
            )}
            <PasswordField
              id="reset-new-password"
              label="New password"
              error={errors.password}
              value={password}
              onChange={setPassword}
            />
            <PasswordField
              id="reset-confirm-password"
              label="Confirm password"
              error={errors.confirmPassword}
              name="confirm_password"
              value={confirmPassword}
              onChange={setConfirmPassword}
            />
            <SubmitButton className="w-full" pending={reset.isPending} pendingLabel="Updating your password">
              Update Password
            </SubmitButton>
          </form>
        )}
      </SectionCard>
    </main>
  );
}
