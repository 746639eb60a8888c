import { BILLING_ENDPOINTS, type TSubscriptionActionResponse } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { callEndpoint, PROFILE_QUERY_KEY, useCheckSubscription } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Cancel and reactivate are a `POST` answering `{ success, message, error? }`: success re-checks the
 * subscription and reloads the profile; `success: false` or a failed call shows the spec's error toast.
 */
function useSubscriptionAction(
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

// The failure toasts are docs/product.md §8 "Subscription management".

/** `POST /api/billing/subscription/cancel`: cancels at the end of the paid period. */
export const useCancelSubscription = () =>
  useSubscriptionAction(() => callEndpoint(BILLING_ENDPOINTS.cancel), {
    title: 'Cancellation Error',
    description: 'Failed to cancel subscription. Please try again.',
  });

/** `POST /api/billing/subscription/reactivate`: undoes a cancellation before the period ends. */
export const useReactivateSubscription = () =>
  useSubscriptionAction(() => callEndpoint(BILLING_ENDPOINTS.reactivate), {
    title: 'Reactivation Error',
    description: 'Failed to reactivate subscription. Please try again.',
  });
