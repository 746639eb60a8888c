import type { TWorkspaceList } from '@prospector/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The avatar menu's workspaces (docs/architecture.md §17); under `account`, so it follows its area. */
export const WORKSPACES_QUERY_KEY = ['account', 'workspaces'] as const;

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
