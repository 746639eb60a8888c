import { roleAtLeast, TEAM_MESSAGES, type TWorkspaceRole } from '@prospector/contracts';
import type { MiddlewareHandler } from 'hono';
import type { TUserVariables } from './require-user.ts';

/**
 * After `requireUser`: lets the request through only when the session's role in its active workspace
 * is `needed` or above (owner > admin > member); 403 FORBIDDEN otherwise. The role comes from the
 * verified session, never from the request.
 */
export function requireRole(
  needed: TWorkspaceRole,
  message: string = needed === 'owner' ? TEAM_MESSAGES.ownerOnly : TEAM_MESSAGES.forbidden,
): MiddlewareHandler<{ Variables: TUserVariables }> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user || !roleAtLeast(user.role, needed))
      return c.json({ error: { code: 'FORBIDDEN', message } }, 403);
    await next();
  };
}

/**
 * The key every workspace-owned row will carry (docs/architecture.md "Workspaces"): the session's
 * active workspace. A personal workspace's id is its user's id, so today's `user_id` rows match it.
 */
export const ownerKeyOf = (user: { workspaceId: string }): string => user.workspaceId;

/** A user acting for their personal workspace, as its owner: how a session starts (test verifiers use it). */
export const personalSessionOf = (userId: string, email: string) => ({
  userId,
  email,
  workspaceId: userId,
  role: 'owner' as const,
});
