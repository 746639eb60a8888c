import {
  AppError,
  TEAM_MESSAGES,
  type TSwitchWorkspaceRequest,
  type TWorkspaceList,
} from '@prospector/contracts';
import type { TUserContext } from '@prospector/service-kit';
import { APIError } from 'better-auth/api';
import { publishSessionsEnded } from '../../auth/sessions-ended.ts';
import type { TAccountRuntime } from '../../runtime.ts';
import { listWorkspacesOf } from '../../workspaces/team-store.ts';

/**
 * The avatar menu's switcher (docs/architecture.md §17). Switching calls better-auth's
 * `setActiveOrganization` for the request's session only, after checking the membership here (so a
 * workspace one is not a member of answers one clear 404, whether it exists or not), then drops every
 * cached view of the user's sessions, in this process and, by `accounts.sessions-ended`, in every other:
 * the next request anywhere acts for the new workspace.
 */
export function createWorkspaceHandlers(runtime: TAccountRuntime) {
  const db = runtime.database.db;
  const listOf = async (userId: string, activeWorkspaceId: string): Promise<TWorkspaceList> => ({
    activeWorkspaceId,
    workspaces: (await listWorkspacesOf(db, userId)).map((one) => ({
      ...one,
      active: one.id === activeWorkspaceId,
    })),
  });

  return {
    async workspaces(c: TUserContext) {
      const { userId, workspaceId } = c.get('user');
      return c.json(await listOf(userId, workspaceId), 200);
    },

    async switchWorkspace(c: TUserContext, { workspaceId }: TSwitchWorkspaceRequest) {
      const { userId } = c.get('user');
      const mine = await listWorkspacesOf(db, userId);
      if (!mine.some((one) => one.id === workspaceId))
        throw new AppError('NOT_FOUND', TEAM_MESSAGES.notAMember);
      try {
        await runtime.auth.api.setActiveOrganization({
          headers: c.req.raw.headers,
          body: { organizationId: workspaceId },
        });
      } catch (error) {
        // Removed between the check and the call.
        if (error instanceof APIError && error.statusCode < 500)
          throw new AppError('NOT_FOUND', TEAM_MESSAGES.notAMember);
        throw error;
      }
      runtime.sessionVerifier.forgetUser(userId);
      await publishSessionsEnded(runtime.database, userId, 'workspace-switched');
      return c.json(await listOf(userId, workspaceId), 200);
    },
  };
}
