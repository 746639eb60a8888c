import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Settings → Team's one key for the active workspace's team (docs/product.md §11). */
export const TEAM_QUERY_KEY = ['account', 'team'] as const;

/** A change to the team: whatever the answer, the team is asked again. */
export function useTeamMutation<TInput, TOutput>(call: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}
