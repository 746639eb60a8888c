import {
  DATABASE_PATHS,
  leadListMembersPath,
  leadListPath,
  removeLeadListMembersPath,
  ZExtractionPageSchema,
  ZLeadListSchema,
  ZRemoveLeadListMembersResponseSchema,
} from '@prospector/contracts';
import {
  apiRequest,
  createLeadList,
  downloadExtractionsExport,
  LEAD_LISTS_QUERY_KEY,
} from '@prospector/web-data';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every query of a list sits under the lists' key (itself under `['database']`). */
export const leadListQueryKey = (listId: string) => [...LEAD_LISTS_QUERY_KEY, listId] as const;
export const leadListMembersQueryKey = (listId: string, page: number) =>
  [...leadListQueryKey(listId), 'members', { page }] as const;

/** `GET /api/database/lists/:listId`: the list and its counts (404 "List not found"). */
export const useLeadList = (listId: string) =>
  useQuery({
    queryKey: leadListQueryKey(listId),
    queryFn: async ({ signal }) => ZLeadListSchema.parse(await apiRequest(leadListPath(listId), { signal })),
  });

/** `GET /api/database/lists/:listId/members?page`: 25 a page, newest first; the last page when beyond it. */
export const useLeadListMembers = (listId: string, page: number) =>
  useQuery({
    queryKey: leadListMembersQueryKey(listId, page),
    queryFn: async ({ signal }) =>
      ZExtractionPageSchema.parse(
        await apiRequest(`${leadListMembersPath(listId)}${page > 1 ? `?page=${page}` : ''}`, { signal }),
      ),
    placeholderData: keepPreviousData,
  });

/** Every change to lists refreshes them all, and the Database page's "In list" filter. */
function useListsChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEAD_LISTS_QUERY_KEY }),
  });
}

export const useCreateLeadList = () => useListsChange((name: string) => createLeadList(name));

export const useRenameLeadList = (listId: string) =>
  useListsChange(async (name: string) =>
    ZLeadListSchema.parse(await apiRequest(leadListPath(listId), { method: 'PATCH', body: { name } })),
  );

/**
 * Deletes a list. Its own queries are dropped rather than refreshed (they would only answer 404 while
 * the page leaves), and the lists are refreshed.
 */
export function useDeleteLeadList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => apiRequest(leadListPath(listId), { method: 'DELETE' }),
    onSuccess: (_, listId) => queryClient.removeQueries({ queryKey: leadListQueryKey(listId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEAD_LISTS_QUERY_KEY, exact: true }),
  });
}

export const useRemoveLeadListMembers = (listId: string) =>
  useListsChange(async (ids: readonly string[]) =>
    ZRemoveLeadListMembersResponseSchema.parse(
      await apiRequest(removeLeadListMembersPath(listId), { method: 'POST', body: { ids } }),
    ),
  );

/** The list's CSV: the Database export (the spec's format) of its members with an e-mail. */
export const leadListExportUrl = (listId: string) =>
  `${DATABASE_PATHS.exportExtractions}?${new URLSearchParams({ list: listId })}`;

export const useExportLeadList = () => useMutation({ mutationFn: downloadExtractionsExport });
