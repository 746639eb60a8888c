import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { optOutRemovalsQueryKey } from './query-keys.ts';

/** `GET /api/database/opt-out-removals`: records removed because their owners opted out. */
export const optOutRemovalsQueryOptions = () =>
  queryOptions({
    queryKey: optOutRemovalsQueryKey,
    queryFn: async ({ signal }) =>
      (await callEndpoint(DATABASE_ENDPOINTS.optOutRemovals, {}, { signal })).removed,
  });

export const useOptOutRemovals = () => useQuery(optOutRemovalsQueryOptions());
