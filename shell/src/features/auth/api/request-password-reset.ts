import { APP_PATHS, AUTH_PATHS } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

/** Mails a link to /reset-password?token=… (the answer is the same whether the address exists or not). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>(AUTH_PATHS.requestPasswordReset, {
        method: 'POST',
        body: { email, redirectTo: APP_PATHS.resetPassword },
      }),
  });
