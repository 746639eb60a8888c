import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets the new password for the reset link's token; every session of the user ends. */
export const resetPassword = (input: { newPassword: string; token: string }) =>
  apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
