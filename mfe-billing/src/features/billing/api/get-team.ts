import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * `GET /api/account/team`: the workspace's members, so the credit history names who made each change.
 * The shell's Settings → Team reads the same key, so one answer serves both.
 */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'team'] as const,
    queryFn: ({ signal }) => callEndpoint(TEAM_ENDPOINTS.team, {}, { signal }),
    staleTime: 60_000,
  });

export const useTeam = () => useQuery(teamQueryOptions());
