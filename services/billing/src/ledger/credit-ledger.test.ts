import { AppError, extractionChargeReference } from '@prospector/contracts';
import { holdLock } from '@prospector/db/testing';
import { createLogger } from '@prospector/service-kit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenChainLinks,
  createLedgerFixture,
  expectCaptured,
  expectHeld,
  grantRolledBack,
  ledgerRowsOf,
  newUserId,
  outboxEvents,
  type TLedgerFixture,
} from '../_factories.ts';
import { creditHolds } from '../db/schema.ts';
import { createCreditLedger, type TCreditLedger } from './credit-ledger.ts';
import { startHoldSweeper } from './hold-sweeper.ts';

describe('credit ledger', () => {
  let fixture: TLedgerFixture;
  beforeAll(async () => {
    fixture = await createLedgerFixture();
  });
  afterAll(async () => {
    await fixture.close();
  });

  const grant = (userId: string, amount: number, key = `grant:${userId}:${amount}:${Math.random()}`) =>
    fixture.ledger.grant({
      userId,
      amount,
      reason: 'plan_grant',
      idempotencyKey: key,
      reference: 'invoice-1',
    });

  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
    return error;
  };

  it('grants once per idempotency key, however many times it is asked at once', async () => {
    const userId = newUserId();
    const results = await Promise.all(Array.from({ length: 8 }, () => grant(userId, 25, `once:${userId}`)));
    expect(results.filter((result) => result.granted)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 25, available: 25, held: 0 });
    expect(await ledgerRowsOf(fixture.database, userId)).toHaveLength(1);
  });

  it('refuses a hold the available credits cannot cover, saying what was needed and what is available', async () => {
    const userId = newUserId();
    await grant(userId, 3);
    const refused = await fixture.ledger.hold({ userId, amount: 5, runId: 'run-1', leaseMs: 60_000 });
    expect(refused).toEqual({ refused: 'insufficient', needed: 5, available: 3 });

    const stranger = await fixture.ledger.hold({
      userId: newUserId('nobody'),
      amount: 1,
      runId: 'run-1',
      leaseMs: 60_000,
    });
    expect(stranger).toEqual({ refused: 'insufficient', needed: 1, available: 0 });
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 3, available: 3, held: 0 });
    expect(await ledgerRowsOf(fixture.database, userId)).toHaveLength(1);
  });

  it('releases the rest of a hold once, and captures nothing after it', async () => {
    const userId = newUserId();
    await grant(userId, 10);
    const { hold } = await expectHeld(
      fixture.ledger.hold({ userId, amount: 6, runId: 'run-r', leaseMs: 60_000 }),
    );
    await expectCaptured(fixture.ledger.capture({ holdId: hold.holdId, itemKey: 'a' }));
    await expectCaptured(fixture.ledger.capture({ holdId: hold.holdId, itemKey: 'b' }));

    const [first, second] = await Promise.all([
      fixture.ledger.release(hold.holdId),
      fixture.ledger.release(hold.holdId),
    ]);
    expect([first?.released, second?.released].sort()).toEqual([0, 4]);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 8, held: 0, available: 8 });
    const late = await fixture.ledger.capture({ holdId: hold.holdId, itemKey: 'c' });
    expect(late).toEqual({ refused: 'hold_ended', status: 'released' });
    expect(await fixture.ledger.capture({ holdId: crypto.randomUUID(), itemKey: 'c' })).toEqual({
      refused: 'hold_not_found',
    });
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 8 });
  });

  it('returns the same hold when a run asks twice', async () => {
    const userId = newUserId();
    await grant(userId, 10);
    const first = await expectHeld(
      fixture.ledger.hold({ userId, amount: 4, runId: 'run-twice', leaseMs: 60_000 }),
    );
    const again = await expectHeld(
      fixture.ledger.hold({ userId, amount: 4, runId: 'run-twice', leaseMs: 60_000 }),
    );
    expect(again.hold.holdId).toBe(first.hold.holdId);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ held: 4, available: 6 });
  });

  it('does not make a hold its caller stopped waiting for, so no credits stay held by a run never written', async () => {
    const userId = newUserId();
    await grant(userId, 10);
    // Something else holds the account's row (a slow transaction): the hold waits past its answer time.
    const held = await holdLock(
      fixture.database.sql,
      (tx) => tx`select 1 from billing.credit_accounts where owner_key = ${userId} for update`,
    );
    const answerWithinMs = 300;
    const startedAt = Date.now();
    const late = failureOf(
      fixture.ledger.hold({ userId, amount: 4, runId: 'run-late', leaseMs: 60_000, answerWithinMs }),
    );
    await held.waitUntilBlocking();
    // The caller has given up by now.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, startedAt + answerWithinMs + 50 - Date.now())),
    );
    await held.release();
    expect((await late).code).toBe('UNAVAILABLE');
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 10, held: 0, available: 10 });
    expect(
      await fixture.database.db.select().from(creditHolds).where(eq(creditHolds.userId, userId)),
    ).toEqual([]);
    // Asked again in time, the run gets its hold.
    const again = await expectHeld(
      fixture.ledger.hold({ userId, amount: 4, runId: 'run-late', leaseMs: 60_000, answerWithinMs }),
    );
    expect(again.hold.amount).toBe(4);
  });

  it('lets the sweeper release an expired hold so its credits are available again', async () => {
    const userId = newUserId();
    await grant(userId, 10);
    const { hold } = await expectHeld(
      fixture.ledger.hold({ userId, amount: 7, runId: 'run-lease', leaseMs: 2_000 }),
    );
    await expectCaptured(fixture.ledger.capture({ holdId: hold.holdId, itemKey: 'found-1' }));
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 9, held: 6, available: 3 });

    const sweeper = startHoldSweeper(fixture.ledger, {
      logger: createLogger({ test: 'sweeper' }, 'silent'),
      intervalMs: 50,
    });
    try {
      await expect
        .poll(async () => (await fixture.ledger.balance(userId)).available, { timeout: 10_000 })
        .toBe(9);
    } finally {
      await sweeper.stop();
    }
    const [swept] = await fixture.database.db
      .select()
      .from(creditHolds)
      .where(eq(creditHolds.id, hold.holdId));
    expect(swept).toMatchObject({ status: 'expired', captured: 1 });
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 9, held: 0 });
    const released = (await outboxEvents(fixture.database)).filter(
      (event) => event.userId === userId && event.type === 'credits.released',
    );
    expect(released.map((event) => event.data)).toEqual([
      { amount: 6, balance: 9, available: 9, reason: 'lease_expired', reference: 'run-lease' },
    ]);
  });

  it('writes one outbox event per change, with the balance after it, and none for a rollback', async () => {
    const userId = newUserId('evented');
    await grant(userId, 10, `evented:${userId}`);
    const { hold } = await expectHeld(
      fixture.ledger.hold({ userId, amount: 3, runId: 'run-e', leaseMs: 60_000 }),
    );
    await expectCaptured(fixture.ledger.capture({ holdId: hold.holdId, itemKey: 'e-1' }));
    await expectCaptured(fixture.ledger.capture({ holdId: hold.holdId, itemKey: 'e-1' }));
    await fixture.ledger.release(hold.holdId);
    await fixture.ledger.grant({
      userId,
      amount: 1,
      reason: 'refund',
      idempotencyKey: `refund:${userId}:e-1`,
      reference: 'e-1',
    });
    await grant(userId, 10, `evented:${userId}`);
    expect(await fixture.ledger.hold({ userId, amount: 50, runId: 'run-big', leaseMs: 60_000 })).toEqual({
      refused: 'insufficient',
      needed: 50,
      available: 10,
    });
    await expect(grantRolledBack(fixture.database, userId, 'invoice-x')).rejects.toThrow(
      'the caller gave up',
    );

    const events = (await outboxEvents(fixture.database)).filter((event) => event.userId === userId);
    expect(events).toEqual([
      {
        type: 'credits.granted',
        userId,
        data: { amount: 10, balance: 10, available: 10, reason: 'plan_grant', reference: 'invoice-1' },
      },
      {
        type: 'credits.held',
        userId,
        data: { amount: 3, balance: 10, available: 7, reason: 'hold', reference: 'run-e' },
      },
      {
        type: 'credits.captured',
        userId,
        data: { amount: 1, balance: 9, available: 7, reason: 'capture', reference: 'e-1' },
      },
      {
        type: 'credits.released',
        userId,
        data: { amount: 2, balance: 9, available: 9, reason: 'release', reference: 'run-e' },
      },
      {
        type: 'credits.refunded',
        userId,
        data: { amount: 1, balance: 10, available: 10, reason: 'refund', reference: 'e-1' },
      },
    ]);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 10, available: 10 });
    expect(brokenChainLinks(await ledgerRowsOf(fixture.database, userId))).toEqual([]);
  });

  it('erases every billing row of a user and nobody else’s', async () => {
    const gone = newUserId('gone');
    const kept = newUserId('kept');
    await grant(gone, 5);
    await grant(kept, 5);
    await expectHeld(fixture.ledger.hold({ userId: gone, amount: 2, runId: 'run-g', leaseMs: 60_000 }));
    await fixture.ledger.eraseUser(gone);
    await fixture.ledger.eraseUser(gone);
    expect(await fixture.ledger.balance(gone)).toEqual({
      balance: 0,
      available: 0,
      held: 0,
      updatedAt: null,
    });
    expect(await ledgerRowsOf(fixture.database, gone)).toEqual([]);
    expect(await fixture.database.db.select().from(creditHolds).where(eq(creditHolds.userId, gone))).toEqual(
      [],
    );
    expect(await fixture.ledger.balance(kept)).toMatchObject({ balance: 5 });
  });

  it('refuses to change or remove ledger rows outside an account erasure', async () => {
    const userId = newUserId('ledger');
    await grant(userId, 7);
    const sql = fixture.database.sql;
    await expect(
      sql`update billing.credit_transactions set amount = 700 where user_id = ${userId}`,
    ).rejects.toThrow('billing.credit_transactions is append-only: UPDATE is not allowed');
    await expect(sql`delete from billing.credit_transactions where user_id = ${userId}`).rejects.toThrow(
      'billing.credit_transactions is append-only: DELETE is not allowed',
    );
    await expect(sql`truncate billing.credit_transactions`).rejects.toThrow(
      'billing.credit_transactions is append-only: TRUNCATE is not allowed',
    );
    expect((await ledgerRowsOf(fixture.database, userId)).map((row) => row.amount)).toEqual([7]);

    await fixture.ledger.eraseUser(userId);
    expect(await ledgerRowsOf(fixture.database, userId)).toEqual([]);
    // The erasure's permission ended with its transaction.
    const other = newUserId('ledger');
    await grant(other, 3);
    await expect(sql`delete from billing.credit_transactions where user_id = ${other}`).rejects.toThrow(
      'append-only',
    );
  });
});

describe.each([
  ['one commit per capture', false],
  ['captures committed in batches', true],
])('concurrent captures (%s)', (_mode, batchCaptures) => {
  let fixture: TLedgerFixture;
  let ledger: TCreditLedger;
  beforeAll(async () => {
    fixture = await createLedgerFixture();
    ledger = createCreditLedger(fixture.database.db, { batchCaptures });
  });
  afterAll(async () => {
    await fixture.close();
  });

  const grant = (userId: string, amount: number) =>
    fixture.ledger.grant({
      userId,
      amount,
      reason: 'plan_grant',
      idempotencyKey: `grant:${userId}`,
      reference: 'invoice-1',
    });

  it('never overspends: 200 concurrent captures against holds asked beyond the balance', async () => {
    const userId = newUserId('busy');
    await grant(userId, 100);
    // Four runs ask for 40 each at once; only two fit in 100.
    const holds = await Promise.all(
      [1, 2, 3, 4].map((run) => ledger.hold({ userId, amount: 40, runId: `run-${run}`, leaseMs: 60_000 })),
    );
    const granted = holds.flatMap((answer) => ('hold' in answer ? [answer.hold] : []));
    const refused = holds.filter((answer) => 'refused' in answer);
    expect(granted).toHaveLength(2);
    expect(refused).toEqual([
      { refused: 'insufficient', needed: 40, available: 20 },
      { refused: 'insufficient', needed: 40, available: 20 },
    ]);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 100, held: 80, available: 20 });

    // 100 items per run, so 200 captures chase 80 held credits.
    const captures = await Promise.all(
      granted.flatMap((hold) =>
        Array.from({ length: 100 }, (_, item) =>
          ledger.capture({ holdId: hold.holdId, amount: 1, itemKey: `${hold.runId}:item-${item}` }),
        ),
      ),
    );
    const charged = captures.filter((answer) => 'charged' in answer && answer.charged);
    const refusedCaptures = captures.filter((answer) => 'refused' in answer);
    expect(charged).toHaveLength(80);
    expect(refusedCaptures).toHaveLength(120);
    expect(new Set(refusedCaptures.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ refused: 'insufficient', needed: 1, available: 0 })]),
    );

    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 20, held: 0, available: 20 });
    const rows = await ledgerRowsOf(fixture.database, userId);
    const captureRows = rows.filter((row) => row.reason === 'capture');
    expect(captureRows).toHaveLength(80);
    expect(captureRows.reduce((sum, row) => sum + row.amount, 0)).toBe(-80);
    expect(Math.min(...rows.map((row) => row.balanceAfter))).toBe(20);
    expect(brokenChainLinks(rows)).toEqual([]);
    const heldRows = await fixture.database.db
      .select()
      .from(creditHolds)
      .where(eq(creditHolds.userId, userId));
    expect(heldRows.map((hold) => hold.captured)).toEqual([40, 40]);
  });

  it('charges an item key once when it is captured 10 times in parallel', async () => {
    const userId = newUserId();
    await grant(userId, 10);
    const { hold } = await expectHeld(ledger.hold({ userId, amount: 5, runId: 'run-dup', leaseMs: 60_000 }));
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        expectCaptured(ledger.capture({ holdId: hold.holdId, itemKey: 'item-42' })),
      ),
    );
    expect(results.filter((result) => result.charged)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 9, held: 4, available: 5 });
    const rows = await ledgerRowsOf(fixture.database, userId);
    expect(rows.map((row) => [row.reason, row.amount, row.reference, row.balanceAfter])).toEqual([
      ['plan_grant', 10, 'invoice-1', 10],
      ['capture', -1, 'item-42', 9],
    ]);
  });

  it('charges an account once per user, whatever run, item or hold captures it, even all at once', async () => {
    const userId = newUserId('account');
    const other = newUserId('account-other');
    await grant(userId, 20);
    await grant(other, 20);
    // Ten overlapping runs of one user each found the same account's e-mail; another user found it too.
    const holds = await Promise.all(
      Array.from({ length: 10 }, (_, run) =>
        expectHeld(ledger.hold({ userId, amount: 1, runId: `overlap-${run}`, leaseMs: 60_000 })),
      ),
    );
    const { hold: otherHold } = await expectHeld(
      ledger.hold({ userId: other, amount: 1, runId: 'o', leaseMs: 60_000 }),
    );
    const runId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    const results = await Promise.all([
      ...holds.map(({ hold }, index) =>
        expectCaptured(
          ledger.capture({
            holdId: hold.holdId,
            itemKey: extractionChargeReference(runId(index), runId(100 + index), 'natgeo'),
          }),
        ),
      ),
      expectCaptured(
        ledger.capture({
          holdId: otherHold.holdId,
          itemKey: extractionChargeReference(runId(50), runId(150), 'natgeo'),
        }),
      ),
    ]);
    const own = results.slice(0, 10);
    expect(own.filter((result) => result.charged)).toHaveLength(1);
    expect(own.filter((result) => result.accountChargedBefore)).toHaveLength(9);
    // Each answer names the one charge that paid for the account.
    expect(new Set(own.map((result) => result.transactionId)).size).toBe(1);
    expect(results[10]).toMatchObject({ charged: true, accountChargedBefore: false });
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 19 });
    expect(await fixture.ledger.balance(other)).toMatchObject({ balance: 19 });
    const captureRows = (await ledgerRowsOf(fixture.database, userId)).filter(
      (row) => row.reason === 'capture',
    );
    expect(captureRows).toHaveLength(1);

    // A retry of the item that paid is told its own charge, not "paid before"; a later run is refused
    // the charge even with its hold active.
    const paying = own.findIndex((result) => result.charged);
    const retry = await expectCaptured(
      ledger.capture({
        holdId: holds[paying]?.hold.holdId as string,
        itemKey: extractionChargeReference(runId(paying), runId(100 + paying), 'natgeo'),
      }),
    );
    expect(retry).toMatchObject({ charged: false, accountChargedBefore: false });
    const { hold: later } = await expectHeld(
      ledger.hold({ userId, amount: 1, runId: 'later', leaseMs: 60_000 }),
    );
    const again = await expectCaptured(
      ledger.capture({
        holdId: later.holdId,
        itemKey: extractionChargeReference(runId(70), runId(170), 'natgeo'),
      }),
    );
    expect(again).toMatchObject({ charged: false, accountChargedBefore: true });
    expect(await fixture.ledger.balance(userId)).toMatchObject({ balance: 19 });
  });
});
