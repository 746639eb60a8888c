import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useTeamMutation } from './team-mutation.ts';

/** `DELETE /api/account/team/invitations/:id`: the link stops working. */
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => callEndpoint(TEAM_ENDPOINTS.revokeInvitation, { params: { id } }));
