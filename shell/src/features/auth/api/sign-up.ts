import { APP_PATHS, AUTH_PATHS, type TSignUpRequest } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

/** Where the verification link lands (docs/product.md §7). */
export const SIGN_UP_CALLBACK_URL = APP_PATHS.authCallback;

/** `POST` better-auth's sign-up: the account stays unverified until the e-mailed link is opened; no session is created here. */
export const useSignUp = () =>
  useMutation({
    mutationFn: (input: Omit<TSignUpRequest, 'callbackURL'>) =>
      apiRequest<unknown>(AUTH_PATHS.signUp, {
        method: 'POST',
        body: { ...input, callbackURL: SIGN_UP_CALLBACK_URL },
      }),
  });
