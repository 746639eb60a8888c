import {
  ACCOUNT_RPC,
  API_KEY_MESSAGES,
  createEvent,
  type TApiKey,
  type TCreatedApiKey,
  TEAM_MESSAGES,
  type TRun,
  type TWebhookDelivery,
  type TWebhookSettings,
  type TWorkspaceRole,
} from '@prospector/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CookieJar,
  startAccountHarness,
  type TAccountHarness,
  uniqueEmail,
  waitFor,
} from '../../_factories.ts';
import { member, session, user } from '../../db/schema.ts';
import { startWebhookReceiver } from '../../webhooks/_receiver.ts';

/**
 * API keys and the webhook endpoint belong to a workspace (docs/architecture.md §17): admins of one
 * workspace manage the same ones, members may list keys only, another workspace's ids are 404, and a
 * key stops the moment its creator leaves the workspace.
 */
describe('workspace API keys and webhook endpoints', () => {
  let h: TAccountHarness;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    h = await startAccountHarness({
      config: { webhooks: { allowance: ['127.0.0.1'], retryBaseMs: 150, pollMs: 100, leaseMs: 5_000 } },
    });
  });
  afterAll(async () => {
    await h.stop();
    await receiver.close();
  });
  const db = () => h.database.db;

  const userIdOf = async (email: string) =>
    (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id as string;
  /** A verified user, signed in: their browser and id. */
  const person = async (label: string) => {
    const email = uniqueEmail(label);
    const jar = await h.createVerifiedUser(email);
    return { jar, email, id: await userIdOf(email) };
  };
  /**
   * `colleague` joins `workspaceId` as `role` and their session acts for it: what accepting an
   * invitation and the (coming) workspace switch do; the team routes are tested in routes/team.
   */
  const join = async (colleague: { id: string }, workspaceId: string, role: TWorkspaceRole) => {
    await db()
      .insert(member)
      .values({ id: crypto.randomUUID(), organizationId: workspaceId, userId: colleague.id, role });
    await db()
      .update(session)
      .set({ activeOrganizationId: workspaceId })
      .where(eq(session.userId, colleague.id));
  };
  /** An owner with an admin and a member acting for the owner's workspace. */
  const team = async () => {
    const owner = await person('owner');
    const admin = await person('admin');
    const plain = await person('member');
    await join(admin, owner.id, 'admin');
    await join(plain, owner.id, 'member');
    return { owner, admin, plain, workspaceId: owner.id };
  };

  const keysOf = async (jar: CookieJar) => {
    const response = await h.request('/api/account/api-keys', { jar });
    expect(response.status).toBe(200);
    return ((await response.json()) as { keys: TApiKey[] }).keys;
  };
  const createKey = (jar: CookieJar, name: string) =>
    h.request('/api/account/api-keys', { method: 'POST', jar, json: { name } });
  const revokeKey = (jar: CookieJar, id: string) =>
    h.request(`/api/account/api-keys/${id}`, { method: 'DELETE', jar });
  const check = (secret: string) => h.bus.request(ACCOUNT_RPC.apiKey, { secret });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;

  it('lets two admins of one workspace see and revoke the same keys; a member lists them but cannot manage', async () => {
    const { owner, admin, plain, workspaceId } = await team();
    const created = await createKey(admin.jar, 'CRM sync');
    expect(created.status).toBe(201);
    const { key, secret } = (await created.json()) as TCreatedApiKey;

    expect((await keysOf(owner.jar)).map((one) => one.id)).toEqual([key.id]);
    expect((await keysOf(admin.jar)).map((one) => one.id)).toEqual([key.id]);
    expect((await keysOf(plain.jar)).map((one) => one.id)).toEqual([key.id]);

    const refusedCreate = await createKey(plain.jar, 'mine');
    expect(refusedCreate.status).toBe(403);
    expect(await errorOf(refusedCreate)).toEqual({ code: 'FORBIDDEN', message: TEAM_MESSAGES.forbidden });
    const refusedRevoke = await revokeKey(plain.jar, key.id);
    expect(refusedRevoke.status).toBe(403);
    expect(await keysOf(owner.jar)).toHaveLength(1);

    // The key acts for the workspace with its creator's current role, and follows a role change.
    expect(await check(secret)).toMatchObject({
      status: 'ok',
      userId: admin.id,
      email: admin.email,
      workspaceId,
      role: 'admin',
    });
    await db()
      .update(member)
      .set({ role: 'member' })
      .where(and(eq(member.organizationId, workspaceId), eq(member.userId, admin.id)));
    expect(await check(secret)).toMatchObject({ status: 'ok', workspaceId, role: 'member' });

    // The owner (another admin-or-above) revokes the admin's key.
    expect((await revokeKey(owner.jar, key.id)).status).toBe(204);
    expect(await keysOf(admin.jar)).toEqual([]);
    expect(await check(secret)).toEqual({ status: 'invalid' });
  });

  it("answers 404 to another workspace's member for its key ids, and never lists them", async () => {
    const { admin } = await team();
    const { key, secret } = (await (await createKey(admin.jar, 'A')).json()) as TCreatedApiKey;
    const outsider = await person('outsider'); // owner of their own workspace B
    expect(await keysOf(outsider.jar)).toEqual([]);
    const refused = await revokeKey(outsider.jar, key.id);
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual({ code: 'NOT_FOUND', message: API_KEY_MESSAGES.notFound });
    expect(await check(secret)).toMatchObject({ status: 'ok' });
  });

  it("refuses a removed member's key on its next request, and keeps the workspace's other keys", async () => {
    const { owner, admin, workspaceId } = await team();
    const admins = (await (await createKey(admin.jar, 'leaving')).json()) as TCreatedApiKey;
    const owners = (await (await createKey(owner.jar, 'staying')).json()) as TCreatedApiKey;
    expect(await check(admins.secret)).toMatchObject({ status: 'ok', workspaceId });

    await db()
      .delete(member)
      .where(and(eq(member.organizationId, workspaceId), eq(member.userId, admin.id)));

    expect(await check(admins.secret)).toEqual({ status: 'invalid' });
    expect(await check(owners.secret)).toMatchObject({ status: 'ok', userId: owner.id, role: 'owner' });
    // Still listed for the admins left, who may revoke it.
    expect((await keysOf(owner.jar)).map((one) => one.name).sort()).toEqual(['leaving', 'staying']);
  });

  const finishedRun = (): TRun => ({
    id: crypto.randomUUID(),
    source: 'batch',
    sourceDetail: null,
    firstUsernames: ['alpha'],
    status: 'completed',
    total: 1,
    processed: 1,
    emailsFound: 1,
    emailsUndeliverable: 0,
    errors: 0,
    creditsUsed: 1,
    skipped: [],
    inOtherRuns: [],
    currentUsername: null,
    cancelRequested: false,
    websites: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    finishedAt: new Date().toISOString(),
  });
  const settingsOf = (jar: CookieJar) => h.request('/api/account/webhooks', { jar });

  it("gives a workspace one endpoint its admins share, a member's run reaches it, and the log names the member", async () => {
    const { owner, admin, plain, workspaceId } = await team();
    const saved = await h.request('/api/account/webhooks', {
      method: 'PUT',
      jar: admin.jar,
      json: { url: `${receiver.url}?workspace=${workspaceId}` },
    });
    expect(saved.status).toBe(200);
    const { endpoint } = (await saved.json()) as TWebhookSettings;
    const ownerView = (await (await settingsOf(owner.jar)).json()) as TWebhookSettings;
    expect(ownerView.endpoint).toEqual(endpoint);

    // A member neither reads (the secret) nor changes it.
    expect((await settingsOf(plain.jar)).status).toBe(403);
    expect(
      (
        await h.request('/api/account/webhooks', {
          method: 'PUT',
          jar: plain.jar,
          json: { url: receiver.url },
        })
      ).status,
    ).toBe(403);
    expect((await h.request('/api/account/webhooks', { method: 'DELETE', jar: plain.jar })).status).toBe(403);
    expect((await h.request('/api/account/webhooks/deliveries', { jar: plain.jar })).status).toBe(403);

    // The member's run, of the workspace: delivered to the workspace's endpoint.
    const run = finishedRun();
    await h.bus.publish(
      createEvent('extractions.run-finished', { userId: plain.id, ownerKey: workspaceId }, { run }),
    );
    const hook = await waitFor(() => receiver.received.find((one) => one.body.includes(run.id)));
    expect(hook.path).toContain(`workspace=${workspaceId}`);
    const deliveries = await waitFor(async () => {
      const list = (await (
        await h.request('/api/account/webhooks/deliveries', { jar: owner.jar })
      ).json()) as {
        deliveries: TWebhookDelivery[];
      };
      return list.deliveries.find((one) => one.status === 'delivered') ? list.deliveries : undefined;
    });
    expect(deliveries).toEqual([
      expect.objectContaining({
        eventType: 'run.completed',
        status: 'delivered',
        member: { userId: plain.id, name: 'Ada Lovelace' },
      }),
    ]);

    // The member's own personal workspace has no endpoint: their personal run is not sent here.
    const personal = finishedRun();
    await h.bus.publish(createEvent('extractions.run-finished', plain.id, { run: personal }));
    const outsider = await person('outsider');
    expect(((await (await settingsOf(outsider.jar)).json()) as TWebhookSettings).endpoint).toBeNull();
    const delivery = deliveries[0] as TWebhookDelivery;
    const resend = await h.request(`/api/account/webhooks/deliveries/${delivery.id}/resend`, {
      method: 'POST',
      jar: outsider.jar,
    });
    expect(resend.status).toBe(404);
    expect(receiver.received.some((one) => one.body.includes(personal.id))).toBe(false);
  });
});
