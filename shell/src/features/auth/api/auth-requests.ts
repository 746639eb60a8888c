import { APP_PATHS, AUTH_PATHS, type TSignUpRequest } from '@prospector/contracts';
import { apiRequest, SESSION_QUERY_KEY } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Where the verification link lands (docs/product.md §7). */
const SIGN_UP_CALLBACK_URL = APP_PATHS.authCallback;

/** On success the session is re-read; the /auth guard then moves the user on to the dashboard. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiRequest<unknown>(AUTH_PATHS.signIn, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}

/** The account stays unverified until the e-mailed link is opened; no session is created here. */
export const useSignUp = () =>
  useMutation({
    mutationFn: (input: Omit<TSignUpRequest, 'callbackURL'>) =>
      apiRequest<unknown>(AUTH_PATHS.signUp, {
        method: 'POST',
        body: { ...input, callbackURL: SIGN_UP_CALLBACK_URL },
      }),
  });

/** The resend-confirmation dialog's call. */
export const useSendVerificationEmail = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>(AUTH_PATHS.sendVerificationEmail, {
        method: 'POST',
        body: { email, callbackURL: SIGN_UP_CALLBACK_URL },
      }),
  });

/** Mails a link to /reset-password?token=… (the answer is the same whether the address exists or not). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>(AUTH_PATHS.requestPasswordReset, {
        method: 'POST',
        body: { email, redirectTo: APP_PATHS.resetPassword },
      }),
  });

/** Sets the new password for the reset link's token; the user's other sessions end and this browser gets a fresh one. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: { newPassword: string; token: string }) =>
      apiRequest<unknown>(AUTH_PATHS.resetPassword, { method: 'POST', body: input }),
  });
