import { leadListPath, type TLeadList, ZLeadListSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadListQueryKey } from './lead-list-keys.ts';

/** `GET /api/database/lists/:listId`: the list and its counts (404 "List not found"). */
export const getLeadList = async (listId: string, signal?: AbortSignal): Promise<TLeadList> =>
  ZLeadListSchema.parse(await apiRequest(leadListPath(listId), { signal }));

export const getLeadListQueryOptions = (listId: string) =>
  queryOptions({ queryKey: leadListQueryKey(listId), queryFn: ({ signal }) => getLeadList(listId, signal) });

export const useLeadList = (listId: string) => useQuery(getLeadListQueryOptions(listId));
