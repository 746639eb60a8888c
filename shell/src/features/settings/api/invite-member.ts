import { TEAM_ENDPOINTS, type TInviteRequest } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useTeamMutation } from './team-mutation.ts';

/** `POST /api/account/team/invitations`: also how an invitation is resent (a new link replaces the old). */
export const useInvite = () =>
  useTeamMutation((body: TInviteRequest) => callEndpoint(TEAM_ENDPOINTS.invite, { body }));
