import type { TSubscriptionActionResponse } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { PROFILE_QUERY_KEY, useCheckSubscription } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Cancel and reactivate are a `POST` answering `{ success, message, error? }`: success re-checks the
 * subscription and reloads the profile; `success: false` or a failed call shows the spec's error toast
 * (docs/product.md §8 "Subscription management").
 */
export function useSubscriptionAction(
  action: () => Promise<TSubscriptionActionResponse>,
  failure: { title: string; description: string },
) {
  const queryClient = useQueryClient();
  const checkSubscription = useCheckSubscription();
  return useMutation({
    mutationFn: async () => {
      const answer = await action();
      if (!answer.success) throw new Error(answer.error ?? answer.message);
      return answer;
    },
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await Promise.all([
        checkSubscription(),
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
      ]);
    },
    onError: () => toast.error(failure.title, { description: failure.description }),
  });
}
