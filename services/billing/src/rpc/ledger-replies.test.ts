import { AppError, BILLING_RPC, type TCaptureResponse, type THoldResponse } from '@prospector/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBillingService } from '../_service-under-test.ts';

/** The hold an answer made; a refusal fails the test. */
function heldOf(answer: THoldResponse) {
  if ('refused' in answer) throw new Error(`The hold was refused: ${JSON.stringify(answer)}`);
  return answer;
}

function capturedOf(answer: TCaptureResponse) {
  if ('refused' in answer) throw new Error(`The capture was refused: ${JSON.stringify(answer)}`);
  return answer;
}

describe('billing request/reply', () => {
  const billing = useBillingService('rpc');
  const { bus } = billing;
  /** Asks for a hold of `amount` for `runId`, on a one-minute lease. */
  const hold = (userId: string, amount: number, runId: string) =>
    bus.request(BILLING_RPC.hold, { userId, amount, runId, leaseMs: 60_000 });

  beforeAll(async () => {
    await billing.fixture.ledger.grant({
      userId: 'runner',
      amount: 3,
      reason: 'plan_grant',
      idempotencyKey: 'runner-grant',
      reference: 'inv-1',
    });
  });

  it('holds, captures once per item, releases and reports the balance', async () => {
    const held = heldOf(await hold('runner', 2, 'run-1'));
    expect(held).toMatchObject({
      balance: 3,
      available: 1,
      hold: { amount: 2, captured: 0, status: 'active' },
    });

    const capture = { holdId: held.hold.holdId, itemKey: 'run-1:item-1' };
    const first = capturedOf(await bus.request(BILLING_RPC.capture, capture));
    const again = capturedOf(await bus.request(BILLING_RPC.capture, capture));
    expect(first).toMatchObject({ charged: true, balance: 2, available: 1, holdRemaining: 1 });
    expect(again).toEqual({ ...first, charged: false });

    const released = await bus.request(BILLING_RPC.release, {
      holdId: held.hold.holdId,
    });
    expect(released).toMatchObject({ released: 1, balance: 2, available: 2, hold: { status: 'released' } });
    expect(await bus.request(BILLING_RPC.balance, { userId: 'runner' })).toMatchObject({
      balance: 2,
      available: 2,
      held: 0,
    });
  });

  it('answers a hold the credits cannot cover with the refusal: what was needed, what is available', async () => {
    const refused = await hold('runner', 5, 'run-2');
    expect(refused).toEqual({ refused: 'insufficient', needed: 5, available: 2 });
    const nobody = await hold('nobody', 1, 'run-2');
    expect(nobody).toEqual({ refused: 'insufficient', needed: 1, available: 0 });
    expect(await bus.request(BILLING_RPC.balance, { userId: 'runner' })).toMatchObject({ held: 0 });
  });

  it('answers a capture the hold cannot take with the refusal as data', async () => {
    const held = heldOf(await hold('runner', 1, 'run-3'));
    const holdId = held.hold.holdId;
    expect(await bus.request(BILLING_RPC.capture, { holdId, itemKey: 'run-3:a', amount: 2 })).toEqual({
      refused: 'insufficient',
      needed: 2,
      available: 1,
    });
    capturedOf(await bus.request(BILLING_RPC.capture, { holdId, itemKey: 'run-3:a' }));
    expect(await bus.request(BILLING_RPC.capture, { holdId, itemKey: 'run-3:b' })).toEqual({
      refused: 'insufficient',
      needed: 1,
      available: 0,
    });
    await bus.request(BILLING_RPC.release, { holdId });
    expect(await bus.request(BILLING_RPC.capture, { holdId, itemKey: 'run-3:c' })).toEqual({
      refused: 'hold_ended',
      status: 'released',
    });
    expect(
      await bus.request(BILLING_RPC.capture, { holdId: crypto.randomUUID(), itemKey: 'run-3:d' }),
    ).toEqual({ refused: 'hold_not_found' });
  });

  it('extends an active hold lease, never shortens it, and leaves an ended hold ended', async () => {
    // A lease the service's hold sweeper cannot end before the extension arrives, however slow the run.
    const held = heldOf(await hold('runner', 1, 'run-extend'));
    const holdId = held.hold.holdId;
    const longer = await bus.request(BILLING_RPC.extend, {
      holdId,
      leaseMs: 3_600_000,
    });
    expect(Date.parse(longer.hold.expiresAt)).toBeGreaterThan(Date.parse(held.hold.expiresAt) + 3_000_000);
    const shorter = await bus.request(BILLING_RPC.extend, {
      holdId,
      leaseMs: 1,
    });
    expect(shorter.hold.expiresAt).toBe(longer.hold.expiresAt);
    // Not swept while extended: the sweeper only ends holds whose lease ran out.
    expect(await billing.fixture.ledger.releaseExpired()).toBe(0);

    await bus.request(BILLING_RPC.release, { holdId });
    const ended = await bus.request(BILLING_RPC.extend, {
      holdId,
      leaseMs: 60_000,
    });
    expect(ended.hold).toMatchObject({ status: 'released', expiresAt: longer.hold.expiresAt });
    const unknown = await bus
      .request(BILLING_RPC.extend, { holdId: crypto.randomUUID(), leaseMs: 60_000 })
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a malformed request with VALIDATION_FAILED', async () => {
    const failure = await bus
      .request(BILLING_RPC.capture, { holdId: 'not-a-uuid' } as never)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
  it('acts for the request’s workspace: holds, balances, the member limit’s refusal and transfers over the bus', async () => {
    const workspace = 'rpc-workspace';
    await billing.fixture.ledger.grant({
      userId: workspace,
      amount: 20,
      reason: 'plan_grant',
      idempotencyKey: 'rpc-workspace-grant',
      reference: 'inv',
    });
    await billing.fixture.ledger.setMemberLimit(workspace, 'rpc-member', 3);
    const ask = (amount: number, runId: string) =>
      bus.request(BILLING_RPC.hold, {
        userId: 'rpc-member',
        ownerKey: workspace,
        amount,
        runId,
        leaseMs: 60_000,
        memberName: 'Rita',
      });
    expect(heldOf(await ask(2, 'ws-run-1'))).toMatchObject({ balance: 20, available: 18 });
    expect(await ask(2, 'ws-run-2')).toEqual({
      refused: 'member_limit',
      needed: 2,
      available: 1,
      limit: 3,
      message: 'Rita has 1 of 3 credits left this month',
    });
    expect(
      await bus.request(BILLING_RPC.balance, { userId: 'rpc-member', ownerKey: workspace }),
    ).toMatchObject({
      balance: 20,
      held: 2,
    });
    // The member's personal workspace is another one.
    expect(await bus.request(BILLING_RPC.balance, { userId: 'rpc-member' })).toMatchObject({ balance: 0 });

    const transferId = crypto.randomUUID();
    const moved = await bus.request(BILLING_RPC.transfer, {
      userId: workspace,
      transferId,
      fromOwnerKey: workspace,
      toOwnerKey: 'rpc-client-space',
      amount: 10,
    });
    expect(moved).toMatchObject({
      transferId,
      moved: true,
      from: { ownerKey: workspace, balance: 10, available: 8 },
      to: { ownerKey: 'rpc-client-space', balance: 10 },
    });
    expect(
      await bus.request(BILLING_RPC.transfer, {
        userId: workspace,
        transferId: crypto.randomUUID(),
        fromOwnerKey: workspace,
        toOwnerKey: 'rpc-client-space',
        amount: 9,
      }),
    ).toMatchObject({ refused: 'insufficient', needed: 9, available: 8 });
  });
});
