import { AUTH_PATHS, type TChangePasswordRequest } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

/** `POST` better-auth's change-password: other sessions of the user end; this one stays signed in. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: TChangePasswordRequest) =>
      apiRequest<unknown>(AUTH_PATHS.changePassword, { method: 'POST', body: input }),
  });
