import { CREDITS_QUERY_KEY } from '@prospector/auth-client/react';
import { type TCreditBalance, ZCreditBalanceSchema } from '@prospector/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

// Shared with the remotes, which read the same cache entries.
export { CREDITS_QUERY_KEY } from '@prospector/auth-client/react';
export type { TCreditBalance };

/** `GET /api/billing/credits`: the ledger balance; `available` is what a new extraction may spend. */
export const getCredits = async ({ signal }: { signal?: AbortSignal } = {}): Promise<TCreditBalance> =>
  ZCreditBalanceSchema.parse(await apiRequest<unknown>('/api/billing/credits', { signal }));

export const creditsQueryOptions = () =>
  queryOptions({ queryKey: CREDITS_QUERY_KEY, queryFn: getCredits, staleTime: 30_000 });

export const useCredits = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...creditsQueryOptions(), enabled });
