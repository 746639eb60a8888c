import {
  AppError,
  type TChangeRoleRequest,
  TEAM_MESSAGES,
  type TInviteRequest,
  type TTeamMember,
} from '@prospector/contracts';
import type { TUserContext } from '@prospector/service-kit';
import { APIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import { publishSessionsEnded } from '../../auth/sessions-ended.ts';
import { invitation, member, session } from '../../db/schema.ts';
import type { TAccountRuntime } from '../../runtime.ts';
import {
  decideChangeRole,
  decideInvitationOpen,
  decideLeave,
  decideManageMembers,
  decideRemove,
  type TRefusal,
} from '../../workspaces/team-policy.ts';
import {
  countOwners,
  findInvitation,
  findMember,
  listMembers,
  listPendingInvitations,
  planOfWorkspace,
  seatsUsed,
  workspaceName,
} from '../../workspaces/team-store.ts';

const refuse = (refusal: TRefusal) => {
  if (refusal) throw new AppError(refusal.code, refusal.message);
};

/**
 * better-auth's organization routes, called server-side after the product's own checks (team-policy.ts);
 * a refusal of theirs that the checks did not foresee (a race) still answers a clear 409.
 */
async function viaPlugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      const message = typeof error.body?.message === 'string' ? error.body.message : TEAM_MESSAGES.forbidden;
      throw new AppError('CONFLICT', message);
    }
    throw error;
  }
}

/**
 * Settings → Team. The workspace and role are the verified session's (`c.get('user')`); ids in the path
 * are looked up inside that workspace only, so another workspace's member or invitation is not found.
 */
export function createTeamHandlers(runtime: TAccountRuntime) {
  const context = teamContext(runtime);
  return { ...teamManagementHandlers(context), ...invitationRecipientHandlers(context) };
}

/** What every team handler shares: the auth, the database, the clock and the two side effects. */
function teamContext(runtime: TAccountRuntime) {
  const { auth, database } = runtime;
  const db = database.db;
  const now = () => runtime.config.now?.() ?? new Date();
  // Every service's cached view of the user's workspace and role is dropped at once.
  const membershipChanged = async (userId: string) => {
    runtime.sessionVerifier.forgetUser(userId);
    await publishSessionsEnded(database, userId, 'membership-changed');
  };

  const seatCheck = async (workspaceId: string, replacing: string) => {
    const plan = await planOfWorkspace(db, workspaceId);
    let used = await seatsUsed(db, workspaceId, now());
    const [pending] = await db
      .select({ id: invitation.id })
      .from(invitation)
      .where(
        and(
          eq(invitation.organizationId, workspaceId),
          eq(invitation.email, replacing),
          eq(invitation.status, 'pending'),
        ),
      );
    if (pending) used -= 1; // resending replaces it: the same seat
    if (used >= plan.seats)
      throw new AppError('SEAT_LIMIT_REACHED', TEAM_MESSAGES.seatLimit(plan.seats, plan.label));
  };

  return { auth, db, now, membershipChanged, seatCheck };
}

type TTeamContext = ReturnType<typeof teamContext>;

/** The workspace's own view: its members and invitations, and what owners and admins change in them. */
function teamManagementHandlers({ auth, db, now, membershipChanged, seatCheck }: TTeamContext) {
  return {
    async team(c: TUserContext) {
      const { workspaceId, role, userId } = c.get('user');
      const [members, plan, used, name] = await Promise.all([
        listMembers(db, workspaceId),
        planOfWorkspace(db, workspaceId),
        seatsUsed(db, workspaceId, now()),
        workspaceName(db, workspaceId),
      ]);
      const invitations = decideManageMembers({ userId, role })
        ? []
        : await listPendingInvitations(db, workspaceId, now());
      return c.json(
        {
          workspace: { id: workspaceId, name, personal: workspaceId === userId },
          role,
          seats: { included: plan.seats, used, plan: plan.label },
          members,
          invitations,
        },
        200,
      );
    },

    async invite(c: TUserContext, body: TInviteRequest) {
      const { workspaceId, role, userId } = c.get('user');
      refuse(decideManageMembers({ userId, role }));
      const email = body.email.toLowerCase();
      const members = await listMembers(db, workspaceId);
      if (members.some((one) => one.email.toLowerCase() === email))
        throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember);
      await seatCheck(workspaceId, email);
      const created = await viaPlugin(() =>
        auth.api.createInvitation({
          headers: c.req.raw.headers,
          body: { email, role: body.role, organizationId: workspaceId },
        }),
      );
      const [listed] = (await listPendingInvitations(db, workspaceId, now())).filter(
        (one) => one.id === created.id,
      );
      if (!listed) throw new AppError('CONFLICT', TEAM_MESSAGES.invitationNotFound);
      return c.json(listed, 201);
    },

    async revokeInvitation(c: TUserContext, id: string) {
      const { workspaceId, role, userId } = c.get('user');
      refuse(decideManageMembers({ userId, role }));
      const found = await findInvitation(db, id);
      if (!found || found.organizationId !== workspaceId || found.status !== 'pending')
        throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
      await viaPlugin(() =>
        auth.api.cancelInvitation({ headers: c.req.raw.headers, body: { invitationId: id } }),
      );
      return c.body(null, 204);
    },

    async changeRole(c: TUserContext, memberId: string, body: TChangeRoleRequest) {
      const { workspaceId, role, userId } = c.get('user');
      const target = await findMember(db, workspaceId, memberId);
      refuse(decideManageMembers({ userId, role }));
      if (!target) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
      refuse(decideChangeRole({ userId, role }, target, body.role, await countOwners(db, workspaceId)));
      if (target.role !== body.role) {
        await viaPlugin(() =>
          auth.api.updateMemberRole({
            headers: c.req.raw.headers,
            body: { memberId, role: body.role, organizationId: workspaceId },
          }),
        );
        await membershipChanged(target.userId);
      }
      const [after] = (await listMembers(db, workspaceId)).filter((one) => one.id === memberId);
      return c.json(after as TTeamMember, 200);
    },

    async removeMember(c: TUserContext, memberId: string) {
      const { workspaceId, role, userId } = c.get('user');
      refuse(decideManageMembers({ userId, role }));
      const target = await findMember(db, workspaceId, memberId);
      if (!target) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
      refuse(decideRemove({ userId, role }, target));
      await viaPlugin(() =>
        auth.api.removeMember({
          headers: c.req.raw.headers,
          body: { memberIdOrEmail: memberId, organizationId: workspaceId },
        }),
      );
      await membershipChanged(target.userId);
      return c.body(null, 204);
    },

    async leave(c: TUserContext) {
      const { workspaceId, role, userId } = c.get('user');
      refuse(decideLeave({ userId, role }, workspaceId, await countOwners(db, workspaceId)));
      await viaPlugin(() =>
        auth.api.leaveOrganization({ headers: c.req.raw.headers, body: { organizationId: workspaceId } }),
      );
      // Back to the personal workspace in every session of the user.
      await db
        .update(session)
        .set({ activeOrganizationId: userId })
        .where(and(eq(session.userId, userId), eq(session.activeOrganizationId, workspaceId)));
      await membershipChanged(userId);
      return c.body(null, 204);
    },
  };
}

/** The invited person's view: one invitation read by its link, and accepting it. */
function invitationRecipientHandlers({ auth, db, now, membershipChanged }: TTeamContext) {
  return {
    async invitation(c: TUserContext, id: string) {
      const found = await findInvitation(db, id);
      refuseInvitation(decideInvitationOpen(found, now()));
      const open = found as NonNullable<typeof found>;
      return c.json(
        {
          id: open.id,
          workspaceName: open.workspaceName,
          invitedBy: open.invitedBy,
          email: open.email,
          role: open.role,
          expiresAt: open.expiresAt.toISOString(),
        },
        200,
      );
    },

    async accept(c: TUserContext, id: string) {
      const { userId, email } = c.get('user');
      const found = await findInvitation(db, id);
      refuseInvitation(decideInvitationOpen(found, now()));
      const open = found as NonNullable<typeof found>;
      if (open.email.toLowerCase() !== email.toLowerCase())
        throw new AppError('FORBIDDEN', TEAM_MESSAGES.notRecipient);
      const [already] = await db
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.organizationId, open.organizationId), eq(member.userId, userId)));
      if (already) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember);
      const current = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!current) throw new AppError('UNAUTHENTICATED', TEAM_MESSAGES.invitationNotFound);
      if (!current.user.emailVerified) throw new AppError('FORBIDDEN', TEAM_MESSAGES.emailNotVerified);
      const plan = await planOfWorkspace(db, open.organizationId);
      const accepted = await viaPluginOrSeats(
        () => auth.api.acceptInvitation({ headers: c.req.raw.headers, body: { invitationId: id } }),
        plan,
      );
      // Joining switches (docs/architecture.md §17): the plugin's accept made the joined workspace this
      // session's active one; set again here so the answer does not depend on that detail of the plugin.
      await db
        .update(session)
        .set({ activeOrganizationId: open.organizationId })
        .where(eq(session.token, current.session.token));
      await membershipChanged(userId);
      const [joined] = (await listMembers(db, open.organizationId)).filter(
        (one) => one.id === accepted.member.id,
      );
      return c.json(joined as TTeamMember, 200);
    },
  };
}

function refuseInvitation(refusal: ReturnType<typeof decideInvitationOpen>) {
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

/** Accepting into a workspace whose seats filled since the invitation (a downgrade) says so. */
async function viaPluginOrSeats<T>(
  call: () => Promise<T>,
  plan: { seats: number; label: string },
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof APIError && error.body?.code === 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED')
      throw new AppError('SEAT_LIMIT_REACHED', TEAM_MESSAGES.seatLimit(plan.seats, plan.label));
    return viaPlugin(() => Promise.reject(error));
  }
}
