import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leadListMembersQueryKey } from './lead-list-keys.ts';

/** `GET /api/database/lists/:listId/members?page`: 25 a page, newest first; the last page when beyond it. */
export const useLeadListMembers = (listId: string, page: number) =>
  useQuery({
    queryKey: leadListMembersQueryKey(listId, page),
    queryFn: ({ signal }) =>
      callEndpoint(
        DATABASE_ENDPOINTS.leadListMembers,
        { params: { listId }, query: page > 1 ? { page } : {} },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
