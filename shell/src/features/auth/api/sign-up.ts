import type { TSignUpRequest } from '@prospector/contracts';
import { APP_PATHS, AUTH_PATHS } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

export type TSignUpInput = Omit<TSignUpRequest, 'callbackURL'>;

/** Where the verification link lands (docs/product.md §7). */
export const SIGN_UP_CALLBACK_URL = APP_PATHS.authCallback;

/** The account stays unverified until the e-mailed link is opened; no session is created here. */
export const signUp = (input: TSignUpInput) =>
  apiRequest<unknown>(AUTH_PATHS.signUp, {
    method: 'POST',
    body: { ...input, callbackURL: SIGN_UP_CALLBACK_URL },
  });

export const useSignUp = () => useMutation({ mutationFn: signUp });
