import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { leadListMembersQueryKey } from './query-keys.ts';

/** `GET /api/database/lists/:listId/members?page`: 25 a page, newest first; the last page when beyond it. */
export const leadListMembersQueryOptions = (listId: string, page: number) =>
  queryOptions({
    queryKey: leadListMembersQueryKey(listId, page),
    queryFn: ({ signal }) =>
      callEndpoint(
        DATABASE_ENDPOINTS.leadListMembers,
        { params: { listId }, query: page > 1 ? { page } : {} },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useLeadListMembers = (listId: string, page: number) =>
  useQuery(leadListMembersQueryOptions(listId, page));
