import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEMBER_USAGE_KEY } from './member-usage-keys.ts';

/** `GET /api/billing/member-usage/me`: the signed-in member's month in the active workspace. */
export const myUsageQueryOptions = () =>
  queryOptions({
    queryKey: [...MEMBER_USAGE_KEY, 'me'] as const,
    queryFn: ({ signal }) => callEndpoint(BILLING_ENDPOINTS.myUsage, {}, { signal }),
  });

export const useMyUsage = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...myUsageQueryOptions(), enabled });
