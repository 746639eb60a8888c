import {
  ACCOUNT_ENDPOINTS,
  BILLING_ENDPOINTS,
  DATABASE_ENDPOINTS,
  type TCreditBalance,
  type TProfile,
} from '@prospector/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './http.ts';

/**
 * The signed-in user's profile, credits and extraction figures: one query per key for the shell
 * and every remote, which read the same cache entries (kept fresh by the account's live events).
 */
export const PROFILE_QUERY_KEY = ['account', 'profile'] as const;
export const CREDITS_QUERY_KEY = ['billing', 'credits'] as const;
export const EXTRACTION_STATS_QUERY_KEY = ['database', 'stats'] as const;

type TSignal = { signal?: AbortSignal };

/** The first call after sign-up creates the profile (trial starts, billing grants the trial credits). */
export const getProfile = ({ signal }: TSignal = {}): Promise<TProfile> =>
  callEndpoint(ACCOUNT_ENDPOINTS.profile, {}, { signal });

/** The ledger balance; `available` is what a new extraction may spend. */
export const getCredits = ({ signal }: TSignal = {}): Promise<TCreditBalance> =>
  callEndpoint(BILLING_ENDPOINTS.credits, {}, { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile, staleTime: 30_000 });

export const creditsQueryOptions = () =>
  queryOptions({ queryKey: CREDITS_QUERY_KEY, queryFn: getCredits, staleTime: 30_000 });

/** For the stat cards of the dashboard and the database page. */
export const extractionStatsQueryOptions = () =>
  queryOptions({
    queryKey: EXTRACTION_STATS_QUERY_KEY,
    queryFn: ({ signal }) => callEndpoint(DATABASE_ENDPOINTS.stats, {}, { signal }),
    staleTime: 30_000,
  });

export const useProfile = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...profileQueryOptions(), enabled });

export const useCredits = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...creditsQueryOptions(), enabled });

export const useExtractionStats = () => useQuery(extractionStatsQueryOptions());
