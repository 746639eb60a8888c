import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEMBER_USAGE_KEY } from './member-usage-keys.ts';

/** `PUT /api/billing/member-limits/:memberId`: the member's monthly cap (0 stops them spending). */
export function useSetMemberLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, monthlyLimit }: { memberId: string; monthlyLimit: number }) =>
      callEndpoint(BILLING_ENDPOINTS.setMemberLimit, { params: { memberId }, body: { monthlyLimit } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_USAGE_KEY }),
  });
}
