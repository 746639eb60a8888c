import { AUTH_PATHS } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

/** Sets the new password for the reset link's token; the user's other sessions end and this browser gets a fresh one. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: { newPassword: string; token: string }) =>
      apiRequest<unknown>(AUTH_PATHS.resetPassword, { method: 'POST', body: input }),
  });
