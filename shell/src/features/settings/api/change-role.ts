import { type TChangeRoleRequest, TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useTeamMutation } from './team-mutation.ts';

/** `PATCH /api/account/team/members/:memberId`: the member's new role. */
export const useChangeRole = () =>
  useTeamMutation(({ memberId, role }: { memberId: string } & TChangeRoleRequest) =>
    callEndpoint(TEAM_ENDPOINTS.changeRole, { params: { memberId }, body: { role } }),
  );
