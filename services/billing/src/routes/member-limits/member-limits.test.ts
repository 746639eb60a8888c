import {
  ACCOUNT_RPC,
  BILLING_ENDPOINTS,
  MEMBER_LIMIT_MESSAGES,
  PLANS,
  TEAM_MESSAGES,
  ZCheckoutResponseSchema,
} from '@prospector/contracts';
import { callEndpointOn } from '@prospector/service-kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectHeld, newUserId, newWorkspace, signedInAs, type TTestMember } from '../../_factories.ts';
import { useBillingService } from '../../_service-under-test.ts';

/**
 * Billing's routes act for the session's workspace with the session's role (docs/architecture.md §17):
 * credits and the plan are every member's to read; limits are admins'; plan, checkout and invoices owners'.
 */
describe('billing routes in a workspace: roles and the workspace’s credits and plan', () => {
  const billing = useBillingService('workspace-routes');
  // The account service's answer to "is this user a member of that workspace?", for the test's workspaces.
  const memberships = new Set<string>();
  beforeAll(async () => {
    await billing.bus.reply(ACCOUNT_RPC.membership, async ({ workspaceId, userId }) => ({
      member: memberships.has(`${workspaceId}:${userId}`),
    }));
  });
  const joined = <T extends ReturnType<typeof newWorkspace>>(ws: T): T => {
    for (const one of [ws.owner, ws.admin, ws.member, ws.another]) memberships.add(`${ws.id}:${one.userId}`);
    return ws;
  };
  const call = <T extends (typeof BILLING_ENDPOINTS)[keyof typeof BILLING_ENDPOINTS]>(
    endpoint: T,
    input: Parameters<typeof callEndpointOn<T>>[2],
    as: TTestMember,
  ) => callEndpointOn(billing.service.app, endpoint, input, signedInAs(as));
  const post = (path: string, as: TTestMember, body?: unknown) =>
    billing.service.app.request(path, {
      method: 'POST',
      headers: { ...signedInAs(as).headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('lets every member read the workspace’s one balance and history, never another workspace’s', async () => {
    const ws = newWorkspace();
    const other = newWorkspace('other');
    await billing.fixture.ledger.grant({
      userId: ws.id,
      amount: 40,
      reason: 'plan_grant',
      idempotencyKey: `g:${ws.id}`,
      reference: 'inv',
    });
    await expectHeld(
      billing.fixture.ledger.hold({
        userId: ws.member.userId,
        ownerKey: ws.id,
        amount: 15,
        runId: 'r',
        leaseMs: 60_000,
      }),
    );
    for (const as of [ws.owner, ws.admin, ws.member, ws.another]) {
      expect(await call(BILLING_ENDPOINTS.credits, {}, as)).toMatchObject({
        status: 200,
        body: { balance: 40, held: 15, available: 25 },
      });
      expect(await call(BILLING_ENDPOINTS.creditHistory, { query: {} }, as)).toMatchObject({
        status: 200,
        body: { total: 1, items: [{ reason: 'plan_grant', memberId: ws.id }] },
      });
    }
    expect(await call(BILLING_ENDPOINTS.credits, {}, other.member)).toMatchObject({ body: { balance: 0 } });
    expect(await call(BILLING_ENDPOINTS.creditHistory, { query: {} }, other.owner)).toMatchObject({
      body: { total: 0, items: [] },
    });
  });

  it('keeps checkout, credit packs, cancel, reactivate and invoices to owners; the plan is every member’s to read', async () => {
    const ws = newWorkspace();
    for (const as of [ws.admin, ws.member]) {
      for (const [path, body] of [
        [BILLING_ENDPOINTS.checkout.path, { planId: 'package_1' }],
        [BILLING_ENDPOINTS.topUp.path, { packId: 'credits_1000' }],
        [BILLING_ENDPOINTS.cancel.path, undefined],
        [BILLING_ENDPOINTS.reactivate.path, undefined],
      ] as const) {
        const response = await post(path, as, body);
        expect(response.status, `${as.role} ${path}`).toBe(403);
        expect(await response.json()).toEqual({
          error: { code: 'FORBIDDEN', message: TEAM_MESSAGES.ownerOnly },
        });
      }
      expect(await call(BILLING_ENDPOINTS.invoices, {}, as)).toMatchObject({
        status: 403,
        error: { error: { code: 'FORBIDDEN', message: TEAM_MESSAGES.ownerOnly } },
      });
      expect(await call(BILLING_ENDPOINTS.subscription, {}, as)).toMatchObject({
        status: 200,
        body: { subscribed: false },
      });
    }
    expect(await call(BILLING_ENDPOINTS.invoices, {}, ws.owner)).toMatchObject({
      status: 200,
      body: { invoices: [] },
    });
  });

  it('a client space’s owner buys its plan; its members spend its credits under it, and no one else sees them', async () => {
    const owner = newUserId('agency');
    const clientSpace = `client-${newUserId('space')}`;
    const asOwner: TTestMember = { userId: owner, workspaceId: clientSpace, role: 'owner' };
    const asMember: TTestMember = {
      userId: newUserId('colleague'),
      workspaceId: clientSpace,
      role: 'member',
    };
    const checkout = await post(BILLING_ENDPOINTS.checkout.path, asOwner, { planId: 'package_1' });
    expect(checkout.status).toBe(200);
    const { url } = ZCheckoutResponseSchema.parse(await checkout.json());
    // Another workspace's owner cannot open or pay that checkout: it is not theirs.
    const stranger: TTestMember = { userId: owner, workspaceId: owner, role: 'owner' };
    expect((await billing.service.app.request(url, signedInAs(stranger))).status).toBe(404);
    expect((await post(`${url}/pay`, stranger)).status).toBe(404);
    // Nor can a member of the client space pay it.
    expect((await post(`${url}/pay`, asMember)).status).toBe(403);
    expect((await post(`${url}/pay`, asOwner)).status).toBe(303);

    expect(await call(BILLING_ENDPOINTS.subscription, {}, asMember)).toMatchObject({
      body: { subscribed: true, subscription_plan: 'package_1' },
    });
    expect(await call(BILLING_ENDPOINTS.credits, {}, asMember)).toMatchObject({
      body: { balance: PLANS.package_1.credits },
    });
    const invoices = await call(BILLING_ENDPOINTS.invoices, {}, asOwner);
    expect(invoices).toMatchObject({ status: 200, body: { invoices: [{ plan: 'package_1' }] } });
    // The owner's personal workspace has neither the plan nor the credits.
    expect(await call(BILLING_ENDPOINTS.subscription, {}, stranger)).toMatchObject({
      body: { subscribed: false },
    });
    expect(await call(BILLING_ENDPOINTS.credits, {}, stranger)).toMatchObject({ body: { balance: 0 } });
    expect(await call(BILLING_ENDPOINTS.invoices, {}, stranger)).toMatchObject({ body: { invoices: [] } });
  });

  it('lets admins set, list and clear members’ limits; members only read their own month', async () => {
    const ws = joined(newWorkspace());
    const other = joined(newWorkspace('other'));
    await billing.fixture.ledger.grant({
      userId: ws.id,
      amount: 100,
      reason: 'plan_grant',
      idempotencyKey: `g:${ws.id}`,
      reference: 'inv',
    });
    const limitOf = (as: TTestMember, memberId: string, monthlyLimit: number) =>
      call(BILLING_ENDPOINTS.setMemberLimit, { params: { memberId }, body: { monthlyLimit } }, as);

    const refused = {
      status: 403,
      error: { error: { code: 'FORBIDDEN', message: MEMBER_LIMIT_MESSAGES.forbidden } },
    };
    expect(await limitOf(ws.member, ws.member.userId, 1000)).toMatchObject(refused);
    expect(await call(BILLING_ENDPOINTS.memberUsage, {}, ws.member)).toMatchObject(refused);
    expect(
      await call(BILLING_ENDPOINTS.clearMemberLimit, { params: { memberId: ws.another.userId } }, ws.member),
    ).toMatchObject(refused);

    expect(await limitOf(ws.admin, ws.member.userId, 10)).toMatchObject({
      status: 200,
      body: { memberId: ws.member.userId, monthlyLimit: 10, used: 0, left: 10 },
    });
    expect(await limitOf(ws.owner, ws.another.userId, 0)).toMatchObject({ status: 200, body: { left: 0 } });
    expect((await limitOf(ws.admin, ws.member.userId, -1)).status).toBe(400);
    await expectHeld(
      billing.fixture.ledger.hold({
        userId: ws.member.userId,
        ownerKey: ws.id,
        amount: 4,
        runId: 'r',
        leaseMs: 60_000,
      }),
    );
    expect(await call(BILLING_ENDPOINTS.myUsage, {}, ws.member)).toMatchObject({
      status: 200,
      body: { memberId: ws.member.userId, held: 4, used: 4, monthlyLimit: 10, left: 6 },
    });
    expect(await call(BILLING_ENDPOINTS.memberUsage, {}, ws.admin)).toMatchObject({
      status: 200,
      body: {
        members: expect.arrayContaining([
          expect.objectContaining({ memberId: ws.member.userId, used: 4, left: 6 }),
          expect.objectContaining({ memberId: ws.another.userId, used: 0, left: 0 }),
        ]),
      },
    });
    // Another workspace's admin sees none of it and cannot limit or clear someone who is not their member.
    expect(await call(BILLING_ENDPOINTS.memberUsage, {}, other.admin)).toMatchObject({
      body: { members: [] },
    });
    const notTheirs = {
      status: 404,
      error: { error: { code: 'NOT_FOUND', message: TEAM_MESSAGES.memberNotFound } },
    };
    expect(await limitOf(other.admin, ws.member.userId, 1)).toMatchObject(notTheirs);
    expect(
      await call(BILLING_ENDPOINTS.clearMemberLimit, { params: { memberId: ws.member.userId } }, other.admin),
    ).toMatchObject(notTheirs);
    expect(await call(BILLING_ENDPOINTS.myUsage, {}, ws.member)).toMatchObject({
      body: { monthlyLimit: 10 },
    });

    expect(
      await call(BILLING_ENDPOINTS.clearMemberLimit, { params: { memberId: ws.member.userId } }, ws.admin),
    ).toMatchObject({
      status: 204,
    });
    expect(await call(BILLING_ENDPOINTS.myUsage, {}, ws.member)).toMatchObject({
      body: { monthlyLimit: null, left: null, used: 4 },
    });
  });
});
