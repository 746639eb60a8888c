import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TEAM_QUERY_KEY } from './team-mutation.ts';

/** `GET /api/account/team`: the session's workspace, its seats, members and pending invitations. */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: TEAM_QUERY_KEY,
    queryFn: ({ signal }) => callEndpoint(TEAM_ENDPOINTS.team, {}, { signal }),
  });

export const useTeam = () => useQuery(teamQueryOptions());
