import { BILLING_ENDPOINTS, extractionChargeReference, type TEndpointInput } from '@prospector/contracts';
import { callEndpointOn } from '@prospector/service-kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCaptured, expectHeld, signedInAs } from '../../_factories.ts';
import { useBillingService } from '../../_service-under-test.ts';

describe('credits routes', () => {
  const billing = useBillingService('credits');

  beforeAll(async () => {
    const grant = (userId: string, amount: number, key: string, reference: string) =>
      billing.fixture.ledger.grant({ userId, amount, reason: 'plan_grant', idempotencyKey: key, reference });
    for (let invoice = 1; invoice <= 3; invoice += 1)
      await grant('ada', 10 * invoice, `ada-${invoice}`, `inv-${invoice}`);
    const { hold } = await expectHeld(
      billing.fixture.ledger.hold({
        userId: 'ada',
        amount: 5,
        runId: 'run-1',
        leaseMs: 60_000,
      }),
    );
    await expectCaptured(billing.fixture.ledger.capture({ holdId: hold.holdId, itemKey: 'item-1' }));
    await grant('bob', 7, 'bob-1', 'inv-bob');

    await billing.fixture.ledger.grant({
      userId: 'carol',
      amount: 25,
      reason: 'trial_grant',
      idempotencyKey: 'carol-trial',
      reference: 'trial',
    });
    await billing.fixture.ledger.grant({
      userId: 'carol',
      amount: 1_000,
      reason: 'plan_grant',
      idempotencyKey: 'carol-invoice',
      reference: 'in_sandbox_7f3e',
      plan: 'package_1',
      invoiceDate: new Date('2026-11-23T09:00:00Z'),
    });
    const carolHold = await expectHeld(
      billing.fixture.ledger.hold({
        userId: 'carol',
        amount: 2,
        runId: 'run-c',
        leaseMs: 60_000,
      }),
    );
    await expectCaptured(
      billing.fixture.ledger.capture({
        holdId: carolHold.hold.holdId,
        itemKey: extractionChargeReference('3f1c2b9e-5d4a-4e8f-9a7b-1c2d3e4f5a6b', 'item-c1', 'jane.doe'),
      }),
    );
    await expectCaptured(
      billing.fixture.ledger.capture({ holdId: carolHold.hold.holdId, itemKey: 'legacy-item' }),
    );
  });

  // Called from the endpoints' descriptors; their schemas parse the answers, so the bodies keep the contract.
  const succeeded = <TAnswer extends { ok: boolean }>(answer: TAnswer) => {
    if (!answer.ok) throw new Error(`expected a success, got ${JSON.stringify(answer)}`);
    return answer as Extract<TAnswer, { ok: true }>;
  };
  const credits = async (userId: string) =>
    succeeded(await callEndpointOn(billing.service.app, BILLING_ENDPOINTS.credits, {}, signedInAs(userId)))
      .body;
  const history = async (
    userId: string,
    query: TEndpointInput<typeof BILLING_ENDPOINTS.creditHistory>['query'] = {},
  ) =>
    succeeded(
      await callEndpointOn(
        billing.service.app,
        BILLING_ENDPOINTS.creditHistory,
        { query },
        signedInAs(userId),
      ),
    ).body;

  it('refuses signed-out requests', async () => {
    for (const endpoint of [BILLING_ENDPOINTS.credits, BILLING_ENDPOINTS.creditHistory]) {
      const answer = await callEndpointOn(billing.service.app, endpoint, {});
      expect(answer).toMatchObject({ ok: false, status: 401, error: { error: { code: 'UNAUTHENTICATED' } } });
    }
  });

  it("answers the signed-in user's own balance", async () => {
    const ada = await credits('ada');
    expect(ada).toMatchObject({ balance: 59, available: 55, held: 4 });
    expect(ada.updatedAt).not.toBeNull();
    expect(await credits('bob')).toMatchObject({ balance: 7, available: 7, held: 0 });
  });

  it('answers zeros to a user with no credit account yet', async () => {
    expect(await credits('newcomer')).toEqual({
      balance: 0,
      available: 0,
      held: 0,
      updatedAt: null,
    });
    expect(await history('newcomer')).toEqual({
      items: [],
      page: 1,
      pageSize: 25,
      total: 0,
    });
  });

  it('pages the history newest first, only for the signed-in user', async () => {
    const first = await history('ada', { page: 1, pageSize: 3 });
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(first.items.map((item) => [item.amount, item.reason, item.reference, item.balanceAfter])).toEqual([
      [-1, 'capture', 'item-1', 59],
      [30, 'plan_grant', 'inv-3', 60],
      [20, 'plan_grant', 'inv-2', 30],
    ]);
    const second = await history('ada', { page: 2, pageSize: 3 });
    expect(second.items.map((item) => item.reference)).toEqual(['inv-1']);

    const bob = await history('bob');
    expect(bob.total).toBe(1);
    expect(bob.items).toEqual([
      {
        id: expect.any(String),
        createdAt: expect.any(String),
        amount: 7,
        reason: 'plan_grant',
        reference: 'inv-bob',
        balanceAfter: 7,
        description: expect.stringMatching(/^Plan credits — invoice of [A-Z][a-z]{2} \d{1,2}$/),
        link: null,
        memberId: 'bob',
      },
    ]);
    const adaIds = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(bob.items.some((item) => adaIds.has(item.id))).toBe(false);
  });

  it('says in words what each change was, with a link to the run an extraction charge paid for', async () => {
    const carol = await history('carol');
    expect(carol.items.map((item) => [item.amount, item.description, item.link])).toEqual([
      [-1, 'Credits used', null],
      [
        -1,
        'E-mail found for @jane.doe',
        {
          label: 'View extraction run',
          href: '/dashboard/instagram-info?run=3f1c2b9e-5d4a-4e8f-9a7b-1c2d3e4f5a6b',
        },
      ],
      [1_000, 'Starter plan — invoice of Nov 23', null],
      [25, 'Free trial credits', null],
    ]);
  });

  it('rejects a page size beyond the limit', async () => {
    // Sent as a client could send it (already serialised), past what the schema takes.
    const answer = await callEndpointOn(
      billing.service.app,
      BILLING_ENDPOINTS.creditHistory,
      { query: new URLSearchParams({ pageSize: '1000' }) },
      signedInAs('ada'),
    );
    expect(answer).toMatchObject({ ok: false, status: 400, error: { error: { code: 'VALIDATION_FAILED' } } });
  });
});
