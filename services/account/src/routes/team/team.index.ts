import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp, routeOf } from '@prospector/service-kit';
import type { TAccountRuntime } from '../../runtime.ts';
import { createTeamHandlers } from './team.handlers.ts';
import { createWorkspaceHandlers } from './workspaces.handlers.ts';

/**
 * Settings → Team and the invitation link: members and invitations of the session's workspace; the
 * avatar menu's workspaces and the switch between them.
 */
export function createTeamRoutes(runtime: TAccountRuntime) {
  const handlers = createTeamHandlers(runtime);
  const workspaces = createWorkspaceHandlers(runtime);
  const { app, signedIn } = createSignedInApp(runtime.sessionVerifier);
  return app
    .openapi(signedIn(TEAM_ENDPOINTS.team), handlers.team)
    .openapi(signedIn(TEAM_ENDPOINTS.invite), (c) => handlers.invite(c, c.req.valid('json')))
    .openapi(signedIn(TEAM_ENDPOINTS.revokeInvitation), (c) =>
      handlers.revokeInvitation(c, c.req.valid('param').id),
    )
    .openapi(signedIn(TEAM_ENDPOINTS.changeRole), (c) =>
      handlers.changeRole(c, c.req.valid('param').memberId, c.req.valid('json')),
    )
    .openapi(signedIn(TEAM_ENDPOINTS.removeMember), (c) =>
      handlers.removeMember(c, c.req.valid('param').memberId),
    )
    .openapi(signedIn(TEAM_ENDPOINTS.leave), handlers.leave)
    .openapi(routeOf(TEAM_ENDPOINTS.invitation, []), (c) =>
      handlers.invitation(c as never, c.req.valid('param').id),
    )
    .openapi(signedIn(TEAM_ENDPOINTS.acceptInvitation), (c) => handlers.accept(c, c.req.valid('param').id))
    .openapi(signedIn(TEAM_ENDPOINTS.workspaces), workspaces.workspaces)
    .openapi(signedIn(TEAM_ENDPOINTS.switchWorkspace), (c) =>
      workspaces.switchWorkspace(c, c.req.valid('json')),
    );
}
