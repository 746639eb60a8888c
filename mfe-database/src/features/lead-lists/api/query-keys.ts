import { LEAD_LISTS_QUERY_KEY } from '@prospector/web-data';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/** Every query of a list sits under the lists' key (itself under `['database']`). */
export const leadListQueryKey = (listId: string) => [...LEAD_LISTS_QUERY_KEY, listId] as const;
export const leadListMembersQueryKey = (listId: string, page: number) =>
  [...leadListQueryKey(listId), 'members', { page }] as const;

/** Every change to lists refreshes them all, and the Database page's "In list" filter. */
export const refreshLeadLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: LEAD_LISTS_QUERY_KEY });

/** A mutation that changes lists: on settling, `refreshLeadLists`. */
export function useLeadListsChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshLeadLists(queryClient) });
}
