import {
  TEAM_MESSAGES,
  type TProfile,
  type TTeam,
  type TTeamMember,
  type TWorkspaceList,
} from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CookieJar, findLink, uniqueEmail, useAccountHarness, waitFor } from '../../_factories.ts';
import { profiles, user } from '../../db/schema.ts';

const INVITE_SUBJECT = /invited you to .* on Prospector$/;

describe('/api/account/workspaces: listing and switching the active workspace', () => {
  const h = useAccountHarness();
  const db = () => h.database.db;

  const get = async <T>(path: string, jar: CookieJar) => {
    const response = await h.request(path, { jar });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const workspacesOf = (jar: CookieJar) => get<TWorkspaceList>('/api/account/workspaces', jar);
  const teamOf = (jar: CookieJar) => get<TTeam>('/api/account/team', jar);
  const profileOf = (jar: CookieJar) => get<TProfile>('/api/account/profile', jar);
  const switchTo = (jar: CookieJar, workspaceId: unknown) =>
    h.request('/api/account/workspaces/active', { method: 'PUT', jar, json: { workspaceId } });
  const userIdOf = async (email: string) =>
    (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id as string;
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;

  /** An owner on `plan` and a colleague who accepted the owner's invitation. */
  async function ownerAndColleague(plan = 'package_2') {
    const ownerEmail = uniqueEmail('ws-owner');
    const colleagueEmail = uniqueEmail('ws-colleague');
    const owner = await h.createVerifiedUser(ownerEmail, { firstName: 'Grace', lastName: 'Hopper' });
    const ownerId = await userIdOf(ownerEmail);
    await db()
      .update(profiles)
      .set({ subscriptionStatus: 'active', subscriptionPlan: plan })
      .where(eq(profiles.userId, ownerId));
    const invited = await h.request('/api/account/team/invitations', {
      method: 'POST',
      jar: owner,
      json: { email: colleagueEmail, role: 'member' },
    });
    expect(invited.status).toBe(201);
    const mail = await waitFor(() =>
      h.mailsTo(colleagueEmail).find((one) => INVITE_SUBJECT.test(one.subject)),
    );
    const invitationId = new URL(findLink(mail.body, '/invite/')).pathname.split('/').pop() as string;
    const colleague = await h.createVerifiedUser(colleagueEmail);
    const colleagueId = await userIdOf(colleagueEmail);
    // The colleague's own profile exists (and is a trial) before joining.
    expect((await profileOf(colleague)).subscriptionStatus).toBe('trial');
    const accepted = await h.request(`/api/account/invitations/${invitationId}/accept`, {
      method: 'POST',
      jar: colleague,
    });
    expect(accepted.status).toBe(200);
    const joined = (await accepted.json()) as TTeamMember;
    return { owner, ownerId, colleague, colleagueId, joined };
  }

  it('lists a new user’s one workspace: personal, owned, active', async () => {
    const email = uniqueEmail('ws-solo');
    const jar = await h.createVerifiedUser(email);
    const id = await userIdOf(email);
    expect(await workspacesOf(jar)).toEqual({
      activeWorkspaceId: id,
      workspaces: [{ id, name: 'Ada Lovelace', role: 'owner', personal: true, active: true }],
    });
    expect((await profileOf(jar)).workspace).toEqual({
      id,
      name: 'Ada Lovelace',
      role: 'owner',
      personal: true,
    });
  });

  it('refuses anyone signed out', async () => {
    expect((await h.request('/api/account/workspaces')).status).toBe(401);
    expect(
      (await h.request('/api/account/workspaces/active', { method: 'PUT', json: { workspaceId: 'x' } }))
        .status,
    ).toBe(401);
  });

  it('accepting switches to the joined workspace, whose plan the profile then shows', async () => {
    const { ownerId, colleague, colleagueId } = await ownerAndColleague('package_2');
    expect(await workspacesOf(colleague)).toEqual({
      activeWorkspaceId: ownerId,
      workspaces: [
        { id: colleagueId, name: 'Ada Lovelace', role: 'owner', personal: true, active: false },
        { id: ownerId, name: 'Grace Hopper', role: 'member', personal: false, active: true },
      ],
    });
    expect((await teamOf(colleague)).workspace).toMatchObject({ id: ownerId, personal: false });
    const profile = await profileOf(colleague);
    // The person's own fields, the workspace's plan.
    expect(profile).toMatchObject({
      userId: colleagueId,
      firstName: 'Ada',
      subscriptionStatus: 'active',
      subscriptionPlan: 'package_2',
      workspace: { id: ownerId, name: 'Grace Hopper', role: 'member', personal: false },
    });
  });

  it('switches to the personal workspace and back; every next request acts for it at once', async () => {
    const { ownerId, colleague, colleagueId } = await ownerAndColleague('package_1');
    // A warm session cache first: the switch must not be hidden by it.
    expect((await teamOf(colleague)).workspace.id).toBe(ownerId);

    const home = await switchTo(colleague, colleagueId);
    expect(home.status).toBe(200);
    expect(((await home.json()) as TWorkspaceList).activeWorkspaceId).toBe(colleagueId);
    expect((await teamOf(colleague)).workspace).toMatchObject({ id: colleagueId, personal: true });
    expect(await profileOf(colleague)).toMatchObject({
      subscriptionStatus: 'trial',
      subscriptionPlan: 'none',
      workspace: { id: colleagueId, role: 'owner', personal: true },
    });
    expect(
      h.published.some(
        (event) =>
          event.type === 'accounts.sessions-ended' &&
          event.userId === colleagueId &&
          (event.data as { reason: string }).reason === 'workspace-switched',
      ),
    ).toBe(true);

    expect((await switchTo(colleague, ownerId)).status).toBe(200);
    const team = await teamOf(colleague);
    expect(team.workspace.id).toBe(ownerId);
    expect(team.role).toBe('member');
    expect((await profileOf(colleague)).subscriptionPlan).toBe('package_1');
  });

  it('switches only the session that asked: another signed-in browser keeps its workspace', async () => {
    const { ownerId, colleague, colleagueId } = await ownerAndColleague();
    const email = (await db().select().from(user).where(eq(user.id, colleagueId)))[0]?.email as string;
    const other = new CookieJar();
    const signIn = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      jar: other,
      json: { email, password: 'Str0ng#Pass' },
    });
    expect(signIn.status).toBe(200);
    // A new session starts in the personal workspace.
    expect((await teamOf(other)).workspace.id).toBe(colleagueId);
    expect((await switchTo(other, ownerId)).status).toBe(200);
    expect((await switchTo(colleague, colleagueId)).status).toBe(200);
    expect((await teamOf(other)).workspace.id).toBe(ownerId);
    expect((await teamOf(colleague)).workspace.id).toBe(colleagueId);
  });

  it('refuses a workspace one is not a member of, existing or not, and a missing id', async () => {
    const { ownerId, colleague } = await ownerAndColleague();
    const strangerEmail = uniqueEmail('ws-stranger');
    const stranger = await h.createVerifiedUser(strangerEmail);
    const strangerId = await userIdOf(strangerEmail);

    for (const workspaceId of [ownerId, 'no-such-workspace']) {
      const refused = await switchTo(stranger, workspaceId);
      expect(refused.status, workspaceId).toBe(404);
      expect(await errorOf(refused)).toEqual({ code: 'NOT_FOUND', message: TEAM_MESSAGES.notAMember });
    }
    expect((await teamOf(stranger)).workspace.id).toBe(strangerId);
    // Nor into the stranger's personal workspace by the colleague.
    expect((await switchTo(colleague, strangerId)).status).toBe(404);
    expect((await switchTo(colleague, '')).status).toBe(400);
    expect((await switchTo(colleague, undefined)).status).toBe(400);
    expect((await teamOf(colleague)).workspace.id).toBe(ownerId);
  });

  it('grants no role by switching: a member stays a member and cannot make themselves admin or owner', async () => {
    const { colleague, joined } = await ownerAndColleague();
    expect((await workspacesOf(colleague)).workspaces.find((one) => one.active)?.role).toBe('member');
    for (const role of ['admin', 'owner']) {
      const escalate = await h.request(`/api/account/team/members/${joined.id}`, {
        method: 'PATCH',
        jar: colleague,
        json: { role },
      });
      expect(escalate.status, role).toBe(403);
      expect((await errorOf(escalate)).code).toBe('FORBIDDEN');
    }
    expect((await teamOf(colleague)).role).toBe('member');
  });

  it('a removed member’s workspace leaves the list, and switching back to it is refused', async () => {
    const { owner, ownerId, colleague, colleagueId, joined } = await ownerAndColleague();
    const removed = await h.request(`/api/account/team/members/${joined.id}`, {
      method: 'DELETE',
      jar: owner,
    });
    expect(removed.status).toBe(204);
    expect(await workspacesOf(colleague)).toEqual({
      activeWorkspaceId: colleagueId,
      workspaces: [expect.objectContaining({ id: colleagueId, personal: true, active: true })],
    });
    expect((await profileOf(colleague)).workspace).toMatchObject({ id: colleagueId, personal: true });
    const back = await switchTo(colleague, ownerId);
    expect(back.status).toBe(404);
    expect((await errorOf(back)).message).toBe(TEAM_MESSAGES.notAMember);
  });
});
