import type { TChangePasswordRequest } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Other sessions of the user end; this one stays signed in. */
export const changePassword = (input: TChangePasswordRequest) =>
  apiRequest<unknown>('/api/auth/change-password', { method: 'POST', body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
