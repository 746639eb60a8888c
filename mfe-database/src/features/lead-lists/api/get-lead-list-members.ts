import { DATABASE_ENDPOINTS, type TExtractionPage } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { leadListMembersQueryKey } from './lead-list-keys.ts';

/** `GET /api/database/lists/:listId/members?page`: 25 a page, newest first; the last page when beyond it. */
export const getLeadListMembers = (
  { listId, page }: { listId: string; page: number },
  signal?: AbortSignal,
): Promise<TExtractionPage> =>
  callEndpoint(
    DATABASE_ENDPOINTS.leadListMembers,
    { params: { listId }, query: page > 1 ? { page } : {} },
    { signal },
  );

export const getLeadListMembersQueryOptions = (listId: string, page: number) =>
  queryOptions({
    queryKey: leadListMembersQueryKey(listId, page),
    queryFn: ({ signal }) => getLeadListMembers({ listId, page }, signal),
    placeholderData: keepPreviousData,
  });

export const useLeadListMembers = (listId: string, page: number) =>
  useQuery(getLeadListMembersQueryOptions(listId, page));
