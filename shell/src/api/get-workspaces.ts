import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WORKSPACES_QUERY_KEY } from './workspace-changed.ts';

/** `GET /api/account/workspaces`: the signed-in user's workspaces, the active one marked. */
export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: WORKSPACES_QUERY_KEY,
    queryFn: ({ signal }) => callEndpoint(TEAM_ENDPOINTS.workspaces, {}, { signal }),
    staleTime: 30_000,
  });

export const useWorkspaces = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...workspacesQueryOptions(), enabled });
