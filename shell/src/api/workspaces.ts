import { TEAM_ENDPOINTS, type TWorkspaceList } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The avatar menu's workspaces (docs/architecture.md §17); under `account`, so it follows its area. */
export const WORKSPACES_QUERY_KEY = ['account', 'workspaces'] as const;

/** `GET /api/account/workspaces`: the signed-in user's workspaces, the active one marked. */
export const getWorkspacesQueryOptions = () => ({
  queryKey: WORKSPACES_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) => callEndpoint(TEAM_ENDPOINTS.workspaces, {}, { signal }),
  staleTime: 30_000,
});

export const useWorkspaces = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getWorkspacesQueryOptions(), enabled });

/** Open tabs of this browser hear of a switch (or a join) here and load everything again. */
const CHANNEL_NAME = 'prospector.workspace';

const openChannel = () =>
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL_NAME);

/**
 * After the session's workspace changed: every query is asked again (credits, plan, runs, records…
 * belong to the workspace), and the browser's other tabs are told to do the same.
 */
export function workspaceChanged(queryClient: QueryClient, workspaces?: TWorkspaceList) {
  if (workspaces) queryClient.setQueryData(WORKSPACES_QUERY_KEY, workspaces);
  void queryClient.invalidateQueries();
  const channel = openChannel();
  channel?.postMessage({ type: 'workspace-changed', workspaceId: workspaces?.activeWorkspaceId });
  channel?.close();
}

/** Mounted once while signed in: another tab's switch makes this one load everything again. */
export function useWorkspaceSync(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const channel = openChannel();
    if (!channel) return;
    channel.onmessage = () => void queryClient.invalidateQueries();
    return () => channel.close();
  }, [enabled, queryClient]);
}

/** `PUT /api/account/workspaces/active`: from the next request, every service acts for that workspace. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string) =>
      callEndpoint(TEAM_ENDPOINTS.switchWorkspace, { body: { workspaceId } }),
    onSuccess: (workspaces) => workspaceChanged(queryClient, workspaces),
  });
}

/** `POST /api/account/invitations/:id/accept`: joins the workspace, and the session switches to it. */
export const acceptInvitation = (id: string) =>
  callEndpoint(TEAM_ENDPOINTS.acceptInvitation, { params: { id } });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => workspaceChanged(queryClient),
  });
}
