import { leadListMembersPath, type TExtractionPage, ZExtractionPageSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { leadListMembersQueryKey } from './lead-list-keys.ts';

/** `GET /api/database/lists/:listId/members?page`: 25 a page, newest first; the last page when beyond it. */
export const getLeadListMembers = async (
  { listId, page }: { listId: string; page: number },
  signal?: AbortSignal,
): Promise<TExtractionPage> =>
  ZExtractionPageSchema.parse(
    await apiRequest(`${leadListMembersPath(listId)}${page > 1 ? `?page=${page}` : ''}`, { signal }),
  );

export const getLeadListMembersQueryOptions = (listId: string, page: number) =>
  queryOptions({
    queryKey: leadListMembersQueryKey(listId, page),
    queryFn: ({ signal }) => getLeadListMembers({ listId, page }, signal),
    placeholderData: keepPreviousData,
  });

export const useLeadListMembers = (listId: string, page: number) =>
  useQuery(getLeadListMembersQueryOptions(listId, page));
