import { DATABASE_ENDPOINTS, type TLeadList } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadListQueryKey } from './lead-list-keys.ts';

/** `GET /api/database/lists/:listId`: the list and its counts (404 "List not found"). */
export const getLeadList = (listId: string, signal?: AbortSignal): Promise<TLeadList> =>
  callEndpoint(DATABASE_ENDPOINTS.leadList, { params: { listId } }, { signal });

export const getLeadListQueryOptions = (listId: string) =>
  queryOptions({ queryKey: leadListQueryKey(listId), queryFn: ({ signal }) => getLeadList(listId, signal) });

export const useLeadList = (listId: string) => useQuery(getLeadListQueryOptions(listId));
