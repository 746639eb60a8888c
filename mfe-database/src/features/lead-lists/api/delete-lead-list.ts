import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint, LEAD_LISTS_QUERY_KEY } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadListQueryKey } from './query-keys.ts';

/**
 * Deletes a list (`DELETE /api/database/lists/:listId`). Its own queries are dropped rather than refreshed (they would only answer 404 while
 * the page leaves), and the lists are refreshed.
 */
export function useDeleteLeadList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => callEndpoint(DATABASE_ENDPOINTS.deleteLeadList, { params: { listId } }),
    onSuccess: (_, listId) => queryClient.removeQueries({ queryKey: leadListQueryKey(listId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEAD_LISTS_QUERY_KEY, exact: true }),
  });
}
