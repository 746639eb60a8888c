import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceChanged } from './workspace-changed.ts';

/**
 * `POST /api/account/invitations/:id/accept`: joins the workspace, and the session switches to it. The
 * sign-in callback calls it too (an invitation opened signed out), hence the fetcher of its own.
 */
export const acceptInvitation = (id: string) =>
  callEndpoint(TEAM_ENDPOINTS.acceptInvitation, { params: { id } });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => workspaceChanged(queryClient),
  });
}
