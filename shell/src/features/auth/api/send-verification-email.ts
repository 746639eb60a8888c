import { AUTH_PATHS } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';
import { SIGN_UP_CALLBACK_URL } from './sign-up.ts';

/** The resend-confirmation dialog's call: the link lands where the sign-up's does. */
export const useSendVerificationEmail = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>(AUTH_PATHS.sendVerificationEmail, {
        method: 'POST',
        body: { email, callbackURL: SIGN_UP_CALLBACK_URL },
      }),
  });
