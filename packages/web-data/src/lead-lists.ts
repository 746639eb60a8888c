import { DATABASE_ENDPOINTS, type TAddLeadListMembersRequest, type TLeadList } from '@prospector/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { EXTRACTION_STATS_QUERY_KEY } from './account-queries.ts';
import { callEndpoint } from './http.ts';

/**
 * Lead lists (the database service's): their queries sit under the database's `['database']` prefix, so
 * the Database page's invalidation after a change (and an add from elsewhere) refreshes them together.
 */
export const LEAD_LISTS_QUERY_KEY = [EXTRACTION_STATS_QUERY_KEY[0], 'lists'] as const;

/** `GET /api/database/lists`: the user's lists with their counts, newest first. */
export const leadListsQueryOptions = () =>
  queryOptions({
    queryKey: LEAD_LISTS_QUERY_KEY,
    queryFn: async ({ signal }) => (await callEndpoint(DATABASE_ENDPOINTS.leadLists, {}, { signal })).lists,
  });

export const useLeadLists = (enabled = true) => useQuery({ ...leadListsQueryOptions(), enabled });

/** `POST /api/database/lists`: a new, empty list (409 when the user already has one of that name). */
export const createLeadList = (name: string): Promise<TLeadList> =>
  callEndpoint(DATABASE_ENDPOINTS.createLeadList, { body: { name } });

/** `POST /api/database/lists/:listId/members`: by ids, usernames or a run; says how many were added. */
export const addToLeadList = (listId: string, records: TAddLeadListMembersRequest) =>
  callEndpoint(DATABASE_ENDPOINTS.addLeadListMembers, { params: { listId }, body: records });
