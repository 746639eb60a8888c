import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadListQueryKey } from './query-keys.ts';

/** `GET /api/database/lists/:listId`: the list and its counts (404 "List not found"). */
export const leadListQueryOptions = (listId: string) =>
  queryOptions({
    queryKey: leadListQueryKey(listId),
    queryFn: ({ signal }) => callEndpoint(DATABASE_ENDPOINTS.leadList, { params: { listId } }, { signal }),
  });

export const useLeadList = (listId: string) => useQuery(leadListQueryOptions(listId));
