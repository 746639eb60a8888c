import {
  type TCreditBalance,
  type TExtractionStats,
  type TProfile,
  ZCreditBalanceSchema,
  ZExtractionStatsSchema,
  ZProfileSchema,
} from '@prospector/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The signed-in user's profile, credits and extraction figures, under the keys the shell uses:
 * remotes read the same cache entries (kept fresh by the shell's live events) instead of loading
 * their own copies.
 */
export const PROFILE_QUERY_KEY = ['account', 'profile'] as const;
export const CREDITS_QUERY_KEY = ['billing', 'credits'] as const;
export const EXTRACTION_STATS_QUERY_KEY = ['database', 'stats'] as const;

/** A failed call to the app's own API, with the service's `{ error: { code, message } }`. */
export class AccountApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'AccountApiError';
    this.status = status;
    this.code = code;
  }
}

type TErrorBody = { error?: { code?: unknown; message?: unknown } };

/** Same-origin JSON call with the session cookie; a non-2xx answer throws an AccountApiError. */
export async function requestJson(
  path: string,
  {
    method = 'GET',
    body,
    signal,
  }: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {},
): Promise<unknown> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const error = ((await response.json().catch(() => undefined)) as TErrorBody | undefined)?.error;
    throw new AccountApiError(
      response.status,
      typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
      typeof error?.message === 'string' ? error.message : `The request failed (HTTP ${response.status}).`,
    );
  }
  const raw = await response.text();
  return raw ? JSON.parse(raw) : undefined;
}

export const fetchProfile = async ({ signal }: { signal?: AbortSignal } = {}): Promise<TProfile> =>
  ZProfileSchema.parse(await requestJson('/api/account/profile', { signal }));

export const fetchCredits = async ({ signal }: { signal?: AbortSignal } = {}): Promise<TCreditBalance> =>
  ZCreditBalanceSchema.parse(await requestJson('/api/billing/credits', { signal }));

export const fetchExtractionStats = async ({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<TExtractionStats> =>
  ZExtractionStatsSchema.parse(await requestJson('/api/database/stats', { signal }));

export const accountProfileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile, staleTime: 30_000 });

export const accountCreditsQueryOptions = () =>
  queryOptions({ queryKey: CREDITS_QUERY_KEY, queryFn: fetchCredits, staleTime: 30_000 });

export const useAccountProfile = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...accountProfileQueryOptions(), enabled });

export const useAccountCredits = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...accountCreditsQueryOptions(), enabled });

/** For the stat cards of the dashboard and the database page. */
export const useExtractionStats = () =>
  useQuery({ queryKey: EXTRACTION_STATS_QUERY_KEY, queryFn: fetchExtractionStats, staleTime: 30_000 });
