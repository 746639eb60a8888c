import { roleAtLeast, TEAM_MESSAGES, type TWorkspaceRole } from '@prospector/contracts';

/**
 * Who may do what to whom in a workspace (docs/product.md "Teams"): pure decisions, tested alone in
 * team-policy.test.ts; the handlers only carry them out. `null` allows; otherwise the refusal.
 */
export type TRefusal = { code: 'FORBIDDEN' | 'CONFLICT'; message: string } | null;

const forbidden = (message: string): TRefusal => ({ code: 'FORBIDDEN', message });
const conflict = (message: string): TRefusal => ({ code: 'CONFLICT', message });

interface TActor {
  userId: string;
  role: TWorkspaceRole;
}
interface TTarget {
  userId: string;
  role: TWorkspaceRole;
}

/** Invitations and members are managed by owners and admins. */
export const decideManageMembers = (actor: TActor): TRefusal =>
  roleAtLeast(actor.role, 'admin') ? null : forbidden(TEAM_MESSAGES.forbidden);

export function decideChangeRole(
  actor: TActor,
  target: TTarget,
  role: TWorkspaceRole,
  owners: number,
): TRefusal {
  const manage = decideManageMembers(actor);
  if (manage) return manage;
  // Making or unmaking an owner (transferring ownership included) is an owner's: an admin cannot make
  // themselves or anyone else owner.
  if ((role === 'owner' || target.role === 'owner') && actor.role !== 'owner')
    return forbidden(role === 'owner' ? TEAM_MESSAGES.escalation : TEAM_MESSAGES.ownerTouch);
  if (target.role === 'owner' && role !== 'owner' && owners <= 1) return conflict(TEAM_MESSAGES.lastOwner);
  return null;
}

export function decideRemove(actor: TActor, target: TTarget): TRefusal {
  const manage = decideManageMembers(actor);
  if (manage) return manage;
  if (target.userId === actor.userId) return conflict(TEAM_MESSAGES.removeSelf);
  if (target.role === 'owner' && actor.role !== 'owner') return forbidden(TEAM_MESSAGES.ownerTouch);
  return null;
}

export function decideLeave(actor: TActor, workspaceId: string, owners: number): TRefusal {
  if (workspaceId === actor.userId) return conflict(TEAM_MESSAGES.personalWorkspace);
  if (actor.role === 'owner' && owners <= 1) return conflict(TEAM_MESSAGES.lastOwner);
  return null;
}

/** Why an invitation link no longer works, if it does not. */
export function decideInvitationOpen(
  found: { status: string; expiresAt: Date } | undefined,
  now: Date,
): { code: 'NOT_FOUND' | 'INVITATION_CLOSED'; message: string } | null {
  if (!found) return { code: 'NOT_FOUND', message: TEAM_MESSAGES.invitationNotFound };
  if (found.status === 'accepted')
    return { code: 'INVITATION_CLOSED', message: TEAM_MESSAGES.invitationUsed };
  if (found.status === 'canceled' || found.status === 'rejected')
    return { code: 'INVITATION_CLOSED', message: TEAM_MESSAGES.invitationRevoked };
  if (found.expiresAt <= now) return { code: 'INVITATION_CLOSED', message: TEAM_MESSAGES.invitationExpired };
  return null;
}
