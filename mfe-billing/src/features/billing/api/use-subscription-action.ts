import { ZSubscriptionActionResponseSchema } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { apiRequest, PROFILE_QUERY_KEY, useCheckSubscription } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

type TFailure = { title: string; description: string };

/**
 * Cancel and reactivate are a `POST` to `path` answering `{ success, message, error? }`: success re-checks the
 * subscription and reloads the profile; `success: false` or a failed call shows the spec's error toast.
 */
export function useSubscriptionAction(path: string, failure: TFailure) {
  const queryClient = useQueryClient();
  const checkSubscription = useCheckSubscription();
  return useMutation({
    mutationFn: async () => {
      const answer = ZSubscriptionActionResponseSchema.parse(
        await apiRequest(path, { method: 'POST', body: {} }),
      );
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
