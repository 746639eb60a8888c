import type { TChangePasswordRequest } from '@prospector/contracts';
import { AUTH_PATHS } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

/** Other sessions of the user end; this one stays signed in. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: TChangePasswordRequest) =>
      apiRequest<unknown>(AUTH_PATHS.changePassword, { method: 'POST', body: input }),
  });
