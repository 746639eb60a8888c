import { PROFILE_QUERY_KEY } from '@prospector/auth-client/react';
import { type TProfile, ZProfileSchema } from '@prospector/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

// Shared with the remotes, which read the same cache entries.
export { PROFILE_QUERY_KEY } from '@prospector/auth-client/react';

/** The first call after sign-up creates the profile (trial starts, billing grants the trial credits). */
export const getProfile = async ({ signal }: { signal?: AbortSignal } = {}): Promise<TProfile> =>
  ZProfileSchema.parse(await apiRequest<unknown>('/api/account/profile', { signal }));

export const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile, staleTime: 30_000 });

export const useProfile = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...profileQueryOptions(), enabled });
