import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEMBER_USAGE_KEY } from './member-usage-keys.ts';

/** `DELETE /api/billing/member-limits/:memberId`: the member spends without a cap again. */
export function useClearMemberLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      callEndpoint(BILLING_ENDPOINTS.clearMemberLimit, { params: { memberId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_USAGE_KEY }),
  });
}
