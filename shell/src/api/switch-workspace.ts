import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceChanged } from './workspace-changed.ts';

/** `PUT /api/account/workspaces/active`: from the next request, every service acts for that workspace. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string) =>
      callEndpoint(TEAM_ENDPOINTS.switchWorkspace, { body: { workspaceId } }),
    onSuccess: (workspaces) => workspaceChanged(queryClient, workspaces),
  });
}
