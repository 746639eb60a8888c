import {
  PLANS,
  planLimitsOf,
  type TTeamInvitation,
  type TTeamMember,
  type TWorkspaceRole,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { invitation, member, organization, profiles, user } from '../db/schema.ts';

type TDb = TDatabase['db'];

const roleOf = (role: string | null): TWorkspaceRole =>
  role === 'owner' || role === 'admin' ? role : 'member';

/**
 * A workspace's plan is its owner's subscription: the profile whose user id is the workspace's id (a
 * personal workspace). Billing keys the subscription by that id, so it moves with the data scoping.
 */
export async function planOfWorkspace(db: TDb, workspaceId: string) {
  const [profile] = await db
    .select({ subscriptionStatus: profiles.subscriptionStatus, subscriptionPlan: profiles.subscriptionPlan })
    .from(profiles)
    .where(eq(profiles.userId, workspaceId));
  const state = profile ?? { subscriptionStatus: 'trial', subscriptionPlan: 'none' };
  const limits = planLimitsOf(state);
  const planId =
    state.subscriptionStatus === 'active' && state.subscriptionPlan in PLANS
      ? state.subscriptionPlan
      : 'trial';
  return { seats: limits.seats, label: PLANS[planId as keyof typeof PLANS].label };
}

export const seatsOfWorkspace = async (db: TDb, workspaceId: string) =>
  (await planOfWorkspace(db, workspaceId)).seats;

/** Members plus pending, unexpired invitations: what the plan's seats count. */
export async function seatsUsed(db: TDb, workspaceId: string, now: Date): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(member)
    .where(eq(member.organizationId, workspaceId));
  const [pending] = await db
    .select({ n: count() })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, workspaceId),
        eq(invitation.status, 'pending'),
        gt(invitation.expiresAt, now),
      ),
    );
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

export async function listMembers(db: TDb, workspaceId: string): Promise<TTeamMember[]> {
  const rows = await db
    .select({
      id: member.id,
      userId: member.userId,
      role: member.role,
      createdAt: member.createdAt,
      name: user.name,
      email: user.email,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, workspaceId))
    .orderBy(asc(member.createdAt), asc(member.id));
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: roleOf(row.role),
    joinedAt: row.createdAt.toISOString(),
  }));
}

export async function findMember(db: TDb, workspaceId: string, memberId: string) {
  const [found] = await db
    .select()
    .from(member)
    .where(and(eq(member.organizationId, workspaceId), eq(member.id, memberId)));
  return found ? { ...found, role: roleOf(found.role) } : undefined;
}

/**
 * Whether `userId` is a member of the workspace, in any role (one indexed read). An id PostgreSQL cannot
 * hold (a NUL byte, from a hostile path) names no one, and is not sent to it.
 */
export async function isMemberOf(db: TDb, workspaceId: string, userId: string): Promise<boolean> {
  if (`${workspaceId}${userId}`.includes('\u0000')) return false;
  const [found] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, workspaceId), eq(member.userId, userId)))
    .limit(1);
  return found !== undefined;
}

export async function countOwners(db: TDb, workspaceId: string): Promise<number> {
  const [owners] = await db
    .select({ n: count() })
    .from(member)
    .where(and(eq(member.organizationId, workspaceId), eq(member.role, 'owner')));
  return owners?.n ?? 0;
}

export async function listPendingInvitations(
  db: TDb,
  workspaceId: string,
  now: Date,
): Promise<TTeamInvitation[]> {
  const rows = await db
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      invitedBy: user.name,
    })
    .from(invitation)
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(
      and(
        eq(invitation.organizationId, workspaceId),
        eq(invitation.status, 'pending'),
        gt(invitation.expiresAt, now),
      ),
    )
    .orderBy(asc(invitation.createdAt));
  return rows.map((row) => ({ ...row, role: roleOf(row.role), expiresAt: row.expiresAt.toISOString() }));
}

/** An invitation with what its page shows, whatever its state. */
export async function findInvitation(db: TDb, id: string) {
  const [found] = await db
    .select({
      id: invitation.id,
      organizationId: invitation.organizationId,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      workspaceName: organization.name,
      invitedBy: user.name,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.id, id));
  return found ? { ...found, role: roleOf(found.role) } : undefined;
}

export async function workspaceName(db: TDb, workspaceId: string): Promise<string> {
  const [found] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, workspaceId));
  return found?.name ?? '';
}

/** The workspaces `userId` is a member of, with their role: the personal one first, then by name. */
export async function listWorkspacesOf(db: TDb, userId: string) {
  const rows = await db
    .select({ id: organization.id, name: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name), asc(organization.id));
  const workspaces = rows.map((row) => ({ ...row, role: roleOf(row.role), personal: row.id === userId }));
  return [...workspaces.filter((one) => one.personal), ...workspaces.filter((one) => !one.personal)];
}
