import { DATABASE_PATHS, ZOptOutRemovalsSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';
import { optOutRemovalsQueryKey } from './query-keys.ts';

/** `GET /api/database/opt-out-removals`: records removed because their owners opted out. */
export const useOptOutRemovals = () =>
  useQuery({
    queryKey: optOutRemovalsQueryKey,
    queryFn: async ({ signal }) =>
      ZOptOutRemovalsSchema.parse(await apiRequest(DATABASE_PATHS.optOutRemovals, { signal })).removed,
  });
