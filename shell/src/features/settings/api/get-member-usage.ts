import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEMBER_USAGE_KEY } from './member-usage-keys.ts';

/** `GET /api/billing/member-usage` (owners and admins): every member's month with a limit or any use. */
export const memberUsageQueryOptions = () =>
  queryOptions({
    queryKey: [...MEMBER_USAGE_KEY, 'all'] as const,
    queryFn: ({ signal }) => callEndpoint(BILLING_ENDPOINTS.memberUsage, {}, { signal }),
  });

export const useMemberUsage = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...memberUsageQueryOptions(), enabled });
