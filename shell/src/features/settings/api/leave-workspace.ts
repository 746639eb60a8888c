import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceChanged } from '../../../api/workspace-changed.ts';

/** `POST /api/account/team/leave`: the session goes back to the personal workspace, so everything reloads. */
export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(TEAM_ENDPOINTS.leave),
    onSuccess: () => workspaceChanged(queryClient),
  });
}
