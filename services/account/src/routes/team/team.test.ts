import { TEAM_MESSAGES, type TTeam, type TTeamInvitation, type TTeamMember } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CookieJar, findLink, uniqueEmail, useAccountHarness } from '../../_factories.ts';
import { invitation, member, organization, profiles, session, user } from '../../db/schema.ts';

const INVITE_SUBJECT = /invited you to .* on Prospector$/;

describe('/api/account/team: workspaces, members and invitations', () => {
  const h = useAccountHarness();
  const db = () => h.database.db;

  const teamOf = async (jar: CookieJar) => {
    const response = await h.request('/api/account/team', { jar });
    expect(response.status).toBe(200);
    return (await response.json()) as TTeam;
  };
  const userIdOf = async (email: string) =>
    (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id as string;
  const invite = (jar: CookieJar, email: string, role = 'member') =>
    h.request('/api/account/team/invitations', { method: 'POST', jar, json: { email, role } });
  const inviteLink = async (email: string, count = 1) => {
    const mails = await waitForMails(email, count);
    const link = findLink(mails[count - 1]?.body ?? '', '/invite/');
    return new URL(link).pathname.split('/').pop() as string;
  };
  const waitForMails = async (email: string, count: number) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const mails = h.mailsTo(email).filter((mail) => INVITE_SUBJECT.test(mail.subject));
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`no invitation mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  /** Every session of the user acts for `workspaceId` (the switch route does it per session). */
  const actFor = async (userId: string, workspaceId: string) => {
    await db().update(session).set({ activeOrganizationId: workspaceId }).where(eq(session.userId, userId));
  };
  /** The workspace's plan is its owner's subscription (billing's projection on the profile). */
  const onPlan = async (ownerId: string, plan: string) => {
    await db()
      .update(profiles)
      .set({ subscriptionStatus: 'active', subscriptionPlan: plan })
      .where(eq(profiles.userId, ownerId));
  };
  const errorOf = async (response: Response) =>
    (await response.json()) as { error: { code: string; message: string } };

  /** An owner with a colleague who accepted, acting for the owner's workspace, as `role`. */
  async function teamWithColleague(role: 'member' | 'admin' = 'member') {
    const ownerEmail = uniqueEmail('owner');
    const colleagueEmail = uniqueEmail('colleague');
    const owner = await h.createVerifiedUser(ownerEmail);
    const ownerId = await userIdOf(ownerEmail);
    expect((await invite(owner, colleagueEmail, role)).status).toBe(201);
    const id = await inviteLink(colleagueEmail);
    const colleague = await h.createVerifiedUser(colleagueEmail);
    const colleagueId = await userIdOf(colleagueEmail);
    const accepted = await h.request(`/api/account/invitations/${id}/accept`, {
      method: 'POST',
      jar: colleague,
    });
    expect(accepted.status).toBe(200);
    const joined = (await accepted.json()) as TTeamMember;
    await actFor(colleagueId, ownerId);
    return { owner, ownerId, ownerEmail, colleague, colleagueId, colleagueEmail, joined, invitationId: id };
  }

  it('gives a new user a personal workspace they own, whose id is their user id', async () => {
    const email = uniqueEmail('solo');
    const jar = await h.createVerifiedUser(email);
    const id = await userIdOf(email);
    // Made at verification, before any session is asked about.
    expect(await db().select().from(member).where(eq(member.userId, id))).toEqual([
      expect.objectContaining({ id, organizationId: id, role: 'owner' }),
    ]);
    const team = await teamOf(jar);
    expect(team).toMatchObject({
      workspace: { id, personal: true },
      role: 'owner',
      seats: { included: 2, used: 1, plan: 'Free' },
      invitations: [],
    });
    expect(team.members).toEqual([expect.objectContaining({ userId: id, email, role: 'owner' })]);
    expect(await db().select().from(organization).where(eq(organization.id, id))).toEqual([
      expect.objectContaining({ id, slug: id, name: 'Ada Lovelace' }),
    ]);
  });

  it('refuses anyone signed out, on every team route', async () => {
    for (const [method, path] of [
      ['GET', '/api/account/team'],
      ['POST', '/api/account/team/invitations'],
      ['DELETE', '/api/account/team/invitations/x'],
      ['PATCH', '/api/account/team/members/x'],
      ['DELETE', '/api/account/team/members/x'],
      ['POST', '/api/account/team/leave'],
      ['POST', '/api/account/invitations/x/accept'],
    ] as const) {
      const response = await h.request(path, { method, json: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('invites by e-mail; the colleague signs up from the link, accepts and is listed; the link is then used', async () => {
    const { owner, ownerId, colleague, colleagueId, colleagueEmail, invitationId } =
      await teamWithColleague();
    const team = await teamOf(owner);
    expect(team.members.map((one) => [one.email, one.role])).toEqual([
      [expect.any(String), 'owner'],
      [colleagueEmail, 'member'],
    ]);
    expect(team.invitations).toEqual([]);
    expect(team.seats.used).toBe(2);
    // Accepting switched the colleague's session to the owner's workspace.
    const acting = await teamOf(colleague);
    expect(acting.workspace).toMatchObject({ id: ownerId, personal: false });
    expect(acting.role).toBe('member');
    const used = await h.request(`/api/account/invitations/${invitationId}`);
    expect(used.status).toBe(410);
    expect((await errorOf(used)).error).toEqual({
      code: 'INVITATION_CLOSED',
      message: TEAM_MESSAGES.invitationUsed,
    });
    const again = await h.request(`/api/account/invitations/${invitationId}/accept`, {
      method: 'POST',
      jar: colleague,
    });
    expect(again.status).toBe(410);
    expect(colleagueId).not.toBe(ownerId);
  });

  it('switches the session to the joined workspace on accepting', async () => {
    const owner = await h.createVerifiedUser(uniqueEmail('o'));
    const email = uniqueEmail('c');
    await invite(owner, email);
    const id = await inviteLink(email);
    const colleague = await h.createVerifiedUser(email);
    expect(
      (await h.request(`/api/account/invitations/${id}/accept`, { method: 'POST', jar: colleague })).status,
    ).toBe(200);
    expect((await teamOf(colleague)).workspace).toMatchObject({
      id: (await teamOf(owner)).workspace.id,
      personal: false,
    });
  });

  it('shows the link, replaces it when resent, and says why an old, revoked, expired or forged link fails', async () => {
    const owner = await h.createVerifiedUser(uniqueEmail('links'));
    const email = uniqueEmail('invitee');
    expect((await invite(owner, email, 'admin')).status).toBe(201);
    const first = await inviteLink(email, 1);
    const preview = await h.request(`/api/account/invitations/${first}`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      id: first,
      email,
      role: 'admin',
      workspaceName: 'Ada Lovelace',
    });

    const resent = await invite(owner, email, 'admin');
    expect(resent.status).toBe(201);
    const second = await inviteLink(email, 2);
    expect(second).not.toBe(first);
    expect(((await resent.json()) as TTeamInvitation).id).toBe(second);
    const old = await h.request(`/api/account/invitations/${first}`);
    expect(old.status).toBe(410);
    expect((await errorOf(old)).error.message).toBe(TEAM_MESSAGES.invitationRevoked);
    const pending = (await teamOf(owner)).invitations;
    expect(pending.map((one) => one.id)).toEqual([second]);

    const revoked = await h.request(`/api/account/team/invitations/${second}`, {
      method: 'DELETE',
      jar: owner,
    });
    expect(revoked.status).toBe(204);
    expect((await errorOf(await h.request(`/api/account/invitations/${second}`))).error.message).toBe(
      TEAM_MESSAGES.invitationRevoked,
    );
    expect(
      (await h.request(`/api/account/team/invitations/${second}`, { method: 'DELETE', jar: owner })).status,
    ).toBe(404);

    expect((await invite(owner, email)).status).toBe(201);
    const third = await inviteLink(email, 3);
    await db()
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, third));
    const expired = await h.request(`/api/account/invitations/${third}`);
    expect(expired.status).toBe(410);
    expect((await errorOf(expired)).error.message).toBe(TEAM_MESSAGES.invitationExpired);
    const invitee = await h.createVerifiedUser(email);
    expect(
      (await h.request(`/api/account/invitations/${third}/accept`, { method: 'POST', jar: invitee })).status,
    ).toBe(410);

    const forged = await h.request('/api/account/invitations/not-a-real-invitation');
    expect(forged.status).toBe(404);
    expect((await errorOf(forged)).error).toEqual({
      code: 'NOT_FOUND',
      message: TEAM_MESSAGES.invitationNotFound,
    });
    expect(
      (await h.request('/api/account/invitations/forged/accept', { method: 'POST', jar: invitee })).status,
    ).toBe(404);
  });

  it('mails the link valid for 7 days', async () => {
    const owner = await h.createVerifiedUser(uniqueEmail('week'));
    const email = uniqueEmail('week-invitee');
    const created = (await (await invite(owner, email)).json()) as TTeamInvitation;
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('refuses an address already a member, a bad address, an owner invitation, and another recipient', async () => {
    const { owner, colleagueEmail, ownerEmail } = await teamWithColleague();
    const already = await invite(owner, colleagueEmail);
    expect(already.status).toBe(409);
    expect((await errorOf(already)).error.message).toBe(TEAM_MESSAGES.alreadyMember);
    expect((await invite(owner, ownerEmail.toUpperCase())).status).toBe(409);
    expect((await invite(owner, 'not-an-address')).status).toBe(400);
    expect((await invite(owner, uniqueEmail('x'), 'owner')).status).toBe(400);

    const other = await h.createVerifiedUser(uniqueEmail('solo2'));
    const email = uniqueEmail('target');
    await invite(other, email);
    const id = await inviteLink(email);
    const stranger = await h.createVerifiedUser(uniqueEmail('stranger'));
    const wrong = await h.request(`/api/account/invitations/${id}/accept`, { method: 'POST', jar: stranger });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).error.message).toBe(TEAM_MESSAGES.notRecipient);
  });

  it('counts members and pending invitations against the plan’s seats, and says why', async () => {
    const owner = await h.createVerifiedUser(uniqueEmail('seats'));
    const first = uniqueEmail('seat1');
    expect((await invite(owner, first)).status).toBe(201);
    // Resending the same invitation takes no second seat.
    expect((await invite(owner, first)).status).toBe(201);
    const past = await invite(owner, uniqueEmail('seat2'));
    expect(past.status).toBe(402);
    expect((await errorOf(past)).error).toEqual({
      code: 'SEAT_LIMIT_REACHED',
      message: TEAM_MESSAGES.seatLimit(2, 'Free'),
    });
    expect((await teamOf(owner)).seats).toEqual({ included: 2, used: 2, plan: 'Free' });
  });

  it('refuses a member every managing route', async () => {
    const { colleague, ownerId, joined } = await teamWithColleague('member');
    const [ownerMember] = await db().select().from(member).where(eq(member.userId, ownerId));
    const expectForbidden = async (response: Response) => {
      expect(response.status).toBe(403);
      expect((await errorOf(response)).error.code).toBe('FORBIDDEN');
    };
    await expectForbidden(await invite(colleague, uniqueEmail('nope')));
    await expectForbidden(
      await h.request('/api/account/team/invitations/any', { method: 'DELETE', jar: colleague }),
    );
    await expectForbidden(
      await h.request(`/api/account/team/members/${joined.id}`, {
        method: 'PATCH',
        jar: colleague,
        json: { role: 'admin' },
      }),
    );
    await expectForbidden(
      await h.request(`/api/account/team/members/${ownerMember?.id}`, { method: 'DELETE', jar: colleague }),
    );
    expect((await teamOf(colleague)).invitations).toEqual([]);
  });

  it('lets an admin manage members but never make an owner, touch an owner or remove themselves', async () => {
    const { owner, colleague, ownerId, joined } = await teamWithColleague('admin');
    const [ownerMember] = await db().select().from(member).where(eq(member.userId, ownerId));
    const patch = (jar: CookieJar, id: string, role: string) =>
      h.request(`/api/account/team/members/${id}`, { method: 'PATCH', jar, json: { role } });

    const escalate = await patch(colleague, joined.id, 'owner');
    expect(escalate.status).toBe(403);
    expect((await errorOf(escalate)).error.message).toBe(TEAM_MESSAGES.escalation);
    const demote = await patch(colleague, ownerMember?.id as string, 'member');
    expect(demote.status).toBe(403);
    expect((await errorOf(demote)).error.message).toBe(TEAM_MESSAGES.ownerTouch);
    expect(
      (await h.request(`/api/account/team/members/${ownerMember?.id}`, { method: 'DELETE', jar: colleague }))
        .status,
    ).toBe(403);
    const self = await h.request(`/api/account/team/members/${joined.id}`, {
      method: 'DELETE',
      jar: colleague,
    });
    expect(self.status).toBe(409);
    expect((await errorOf(self)).error.message).toBe(TEAM_MESSAGES.removeSelf);

    // An admin invites and revokes (on a plan with seats to spare).
    await onPlan(ownerId, 'package_2');
    expect((await invite(colleague, uniqueEmail('by-admin'))).status).toBe(201);
    const [pending] = (await teamOf(owner)).invitations;
    expect(
      (await h.request(`/api/account/team/invitations/${pending?.id}`, { method: 'DELETE', jar: colleague }))
        .status,
    ).toBe(204);

    // The last owner cannot be demoted nor leave; after a transfer, the former owner can step down.
    const last = await patch(owner, ownerMember?.id as string, 'admin');
    expect(last.status).toBe(409);
    expect((await errorOf(last)).error.message).toBe(TEAM_MESSAGES.lastOwner);
    const transferred = await patch(owner, joined.id, 'owner');
    expect(transferred.status).toBe(200);
    expect(await transferred.json()).toMatchObject({ id: joined.id, role: 'owner' });
    expect((await teamOf(colleague)).role).toBe('owner');
    expect((await patch(owner, ownerMember?.id as string, 'admin')).status).toBe(200);
    expect((await teamOf(owner)).role).toBe('admin');
  });

  it('lets a member leave (back to their own workspace), but not their personal workspace', async () => {
    const { owner, colleague, colleagueId } = await teamWithColleague();
    const left = await h.request('/api/account/team/leave', { method: 'POST', jar: colleague });
    expect(left.status).toBe(204);
    expect((await teamOf(colleague)).workspace).toEqual({
      id: colleagueId,
      name: 'Ada Lovelace',
      personal: true,
    });
    expect((await teamOf(owner)).members).toHaveLength(1);
    const personal = await h.request('/api/account/team/leave', { method: 'POST', jar: owner });
    expect(personal.status).toBe(409);
    expect((await errorOf(personal)).error.message).toBe(TEAM_MESSAGES.personalWorkspace);
  });

  it('removes a member, whose next request no longer acts for the workspace', async () => {
    const { owner, colleague, colleagueId, joined } = await teamWithColleague();
    expect((await teamOf(colleague)).workspace.personal).toBe(false);
    const removed = await h.request(`/api/account/team/members/${joined.id}`, {
      method: 'DELETE',
      jar: owner,
    });
    expect(removed.status).toBe(204);
    expect((await teamOf(colleague)).workspace).toMatchObject({ id: colleagueId, personal: true });
    expect((await teamOf(owner)).members).toHaveLength(1);
    expect(
      h.published.some((event) => event.type === 'accounts.sessions-ended' && event.userId === colleagueId),
    ).toBe(true);
  });

  it('finds no member or invitation of another workspace', async () => {
    const a = await teamWithColleague();
    const b = await h.createVerifiedUser(uniqueEmail('other-owner'));
    const email = uniqueEmail('a-pending');
    await onPlan(a.ownerId, 'package_1');
    expect((await teamOf(a.owner)).seats).toEqual({ included: 3, used: 2, plan: 'Starter' });
    expect((await invite(a.owner, email)).status).toBe(201);
    const id = await inviteLink(email);
    expect(
      (await h.request(`/api/account/team/invitations/${id}`, { method: 'DELETE', jar: b })).status,
    ).toBe(404);
    expect(
      (await h.request(`/api/account/team/members/${a.joined.id}`, { method: 'DELETE', jar: b })).status,
    ).toBe(404);
    expect(
      (
        await h.request(`/api/account/team/members/${a.joined.id}`, {
          method: 'PATCH',
          jar: b,
          json: { role: 'admin' },
        })
      ).status,
    ).toBe(404);
    expect((await teamOf(a.owner)).members).toHaveLength(2);
  });

  it('erases a user’s personal workspace with them, and their membership elsewhere', async () => {
    const { owner, ownerId, colleague, colleagueId } = await teamWithColleague();
    expect((await h.request('/api/account/me', { method: 'DELETE', jar: colleague })).status).toBe(204);
    expect(await db().select().from(organization).where(eq(organization.id, colleagueId))).toEqual([]);
    expect((await teamOf(owner)).members.map((one) => one.userId)).toEqual([ownerId]);
  });
});
