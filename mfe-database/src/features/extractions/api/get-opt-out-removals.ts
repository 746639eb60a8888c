import { DATABASE_ENDPOINTS, type TOptOutRemovals } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { optOutRemovalsQueryKey } from './query-keys.ts';

/** `GET /api/database/opt-out-removals`: records removed because their owners opted out. */
export const getOptOutRemovals = async (signal?: AbortSignal): Promise<TOptOutRemovals['removed']> =>
  (await callEndpoint(DATABASE_ENDPOINTS.optOutRemovals, {}, { signal })).removed;

export const getOptOutRemovalsQueryOptions = () =>
  queryOptions({ queryKey: optOutRemovalsQueryKey, queryFn: ({ signal }) => getOptOutRemovals(signal) });

export const useOptOutRemovals = () => useQuery(getOptOutRemovalsQueryOptions());
