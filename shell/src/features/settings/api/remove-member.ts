import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useTeamMutation } from './team-mutation.ts';

/** `DELETE /api/account/team/members/:memberId`. */
export const useRemoveMember = () =>
  useTeamMutation((memberId: string) => callEndpoint(TEAM_ENDPOINTS.removeMember, { params: { memberId } }));
