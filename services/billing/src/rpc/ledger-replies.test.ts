import {
  AppError,
  BILLING_RPC,
  type TBalanceResponse,
  type TCaptureResponse,
  type TExtendHoldResponse,
  type THoldResponse,
  type TReleaseResponse,
} from '@prospector/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBillingService } from '../_service-under-test.ts';

describe('billing request/reply', () => {
  const billing = useBillingService('rpc');
  const { bus } = billing;

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
    const held = await bus.request<unknown, THoldResponse>(BILLING_RPC.hold, {
      userId: 'runner',
      amount: 2,
      runId: 'run-1',
      leaseMs: 60_000,
    });
    expect(held).toMatchObject({
      balance: 3,
      available: 1,
      hold: { amount: 2, captured: 0, status: 'active' },
    });

    const capture = { holdId: held.hold.holdId, itemKey: 'run-1:item-1' };
    const first = await bus.request<unknown, TCaptureResponse>(BILLING_RPC.capture, capture);
    const again = await bus.request<unknown, TCaptureResponse>(BILLING_RPC.capture, capture);
    expect(first).toMatchObject({ charged: true, balance: 2, available: 1, holdRemaining: 1 });
    expect(again).toEqual({ ...first, charged: false });

    const released = await bus.request<unknown, TReleaseResponse>(BILLING_RPC.release, {
      holdId: held.hold.holdId,
    });
    expect(released).toMatchObject({ released: 1, balance: 2, available: 2, hold: { status: 'released' } });
    expect(
      await bus.request<unknown, TBalanceResponse>(BILLING_RPC.balance, { userId: 'runner' }),
    ).toMatchObject({
      balance: 2,
      available: 2,
      held: 0,
    });
  });

  it('answers INSUFFICIENT_CREDITS with the spec message', async () => {
    const failure = await bus
      .request(BILLING_RPC.hold, { userId: 'runner', amount: 5, runId: 'run-2', leaseMs: 60_000 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: 'You need 5 credits but only have 2',
    });
  });

  it('extends an active hold lease, never shortens it, and leaves an ended hold ended', async () => {
    // A lease the service's hold sweeper cannot end before the extension arrives, however slow the run.
    const held = await bus.request<unknown, THoldResponse>(BILLING_RPC.hold, {
      userId: 'runner',
      amount: 1,
      runId: 'run-extend',
      leaseMs: 60_000,
    });
    const holdId = held.hold.holdId;
    const longer = await bus.request<unknown, TExtendHoldResponse>(BILLING_RPC.extend, {
      holdId,
      leaseMs: 3_600_000,
    });
    expect(Date.parse(longer.hold.expiresAt)).toBeGreaterThan(Date.parse(held.hold.expiresAt) + 3_000_000);
    const shorter = await bus.request<unknown, TExtendHoldResponse>(BILLING_RPC.extend, {
      holdId,
      leaseMs: 1,
    });
    expect(shorter.hold.expiresAt).toBe(longer.hold.expiresAt);
    // Not swept while extended: the sweeper only ends holds whose lease ran out.
    expect(await billing.fixture.ledger.releaseExpired()).toBe(0);

    await bus.request<unknown, TReleaseResponse>(BILLING_RPC.release, { holdId });
    const ended = await bus.request<unknown, TExtendHoldResponse>(BILLING_RPC.extend, {
      holdId,
      leaseMs: 60_000,
    });
    expect(ended.hold).toMatchObject({ status: 'released', expiresAt: longer.hold.expiresAt });
    const unknown = await bus
      .request(BILLING_RPC.extend, { holdId: crypto.randomUUID(), leaseMs: 60_000 })
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers VALIDATION_FAILED to a malformed request', async () => {
    const failure = await bus
      .request(BILLING_RPC.capture, { holdId: 'not-a-uuid' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
