import {
  DATABASE_PATHS,
  leadListMembersPath,
  type TAddLeadListMembersRequest,
  type TLeadList,
  ZAddLeadListMembersResponseSchema,
  ZLeadListSchema,
  ZLeadListsSchema,
} from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { EXTRACTION_STATS_QUERY_KEY } from './account-queries.ts';
import { apiRequest } from './http.ts';

/**
 * Lead lists (the database service's): their queries sit under the database's `['database']` prefix, so
 * the Database page's invalidation after a change (and an add from elsewhere) refreshes them together.
 */
export const LEAD_LISTS_QUERY_KEY = [EXTRACTION_STATS_QUERY_KEY[0], 'lists'] as const;

export const getLeadLists = async (signal?: AbortSignal): Promise<TLeadList[]> =>
  ZLeadListsSchema.parse(await apiRequest(DATABASE_PATHS.leadLists, { signal })).lists;

/** `GET /api/database/lists`: the user's lists with their counts, newest first. */
export const useLeadLists = (enabled = true) =>
  useQuery({ queryKey: LEAD_LISTS_QUERY_KEY, queryFn: ({ signal }) => getLeadLists(signal), enabled });

/** `POST /api/database/lists`: a new, empty list (409 when the user already has one of that name). */
export const createLeadList = async (name: string): Promise<TLeadList> =>
  ZLeadListSchema.parse(await apiRequest(DATABASE_PATHS.leadLists, { method: 'POST', body: { name } }));

/** `POST /api/database/lists/:listId/members`: by ids, usernames or a run; says how many were added. */
export const addToLeadList = async (listId: string, records: TAddLeadListMembersRequest) =>
  ZAddLeadListMembersResponseSchema.parse(
    await apiRequest(leadListMembersPath(listId), { method: 'POST', body: records }),
  );
