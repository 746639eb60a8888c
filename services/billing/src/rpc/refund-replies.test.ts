import {
  BILLING_RPC,
  extractionChargeReference,
  type TRefundRequest,
  ZCreditHistoryPageSchema,
} from '@prospector/contracts';
import { createLogger, startService } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenChainLinks, headerIdentity, ledgerRowsOf, newUserId, outboxEvents } from '../_factories.ts';
import { useBillingService } from '../_service-under-test.ts';
import { createBillingService, DEFAULT_BILLING_CONFIG } from '../service.ts';

const RUN_ID = '7b0c1d2e-0000-4000-8000-000000000001';
const REASON = 'no mail server for this domain';

describe('rpc.billing.refund', () => {
  const billing = useBillingService('refund');
  const { bus } = billing;
  // Loosely typed, so a test can send what a buggy caller would (the bus refuses it before it leaves).
  const refund = (body: object) => bus.request(BILLING_RPC.refund, body as TRefundRequest);

  /** A user with 5 credits, a hold of 3 for one run and one capture per item; returns their references. */
  async function chargedUser(items: string[]) {
    const userId = newUserId('refund');
    await billing.fixture.ledger.grant({
      userId,
      amount: 5,
      reason: 'plan_grant',
      idempotencyKey: `grant-${userId}`,
      reference: 'inv-1',
    });
    const held = await bus.request(BILLING_RPC.hold, { userId, amount: 3, runId: RUN_ID, leaseMs: 600_000 });
    if ('refused' in held) throw new Error(`The hold was refused: ${JSON.stringify(held)}`);
    const references = items.map((item, index) =>
      extractionChargeReference(RUN_ID, `item-${index}`, item.replace(/@.*/, '').replace(/\W/g, '_')),
    );
    for (const itemKey of references) {
      await bus.request(BILLING_RPC.capture, {
        holdId: held.hold.holdId,
        itemKey,
      });
    }
    return { userId, references };
  }

  const refundRows = async (userId: string) =>
    (await ledgerRowsOf(billing.fixture.database, userId)).filter((row) => row.reason === 'refund');

  it('gives back the credit once, however often it is asked, and names it in the history', async () => {
    const { userId, references } = await chargedUser(['anna@nomail.example']);
    const ask = { userId, chargeReference: references[0], email: 'anna@nomail.example', reason: REASON };

    const first = await refund(ask);
    expect(first).toMatchObject({ outcome: 'refunded', amount: 1, balance: 5, available: 3 });
    // Redeliveries and a retried request, some at once: none gives anything more.
    const again = await Promise.all([refund(ask), refund(ask), refund({ ...ask, reason: 'other words' })]);
    expect(again.map((answer) => answer.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(again.every((answer) => answer.transactionId === first.transactionId)).toBe(true);
    expect(again[0]).toMatchObject({ amount: 1, balance: 5, available: 3 });

    const rows = await refundRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 1,
      reference: references[0],
      refundEmail: 'anna@nomail.example',
      refundReason: REASON,
    });
    expect(brokenChainLinks(await ledgerRowsOf(billing.fixture.database, userId))).toEqual([]);
    const refunded = (await outboxEvents(billing.fixture.database)).filter(
      (event) => event.type === 'credits.refunded' && event.userId === userId,
    );
    expect(refunded).toEqual([
      {
        type: 'credits.refunded',
        userId,
        data: { amount: 1, balance: 5, available: 3, reason: 'refund', reference: references[0] },
      },
    ]);

    const response = await billing.service.app.request('/api/billing/credits/history', {
      headers: { 'x-test-user': userId },
    });
    const history = ZCreditHistoryPageSchema.parse(await response.json());
    expect(history.items[0]).toMatchObject({
      amount: 1,
      reason: 'refund',
      description: `Refund: anna@nomail.example — ${REASON}`,
      link: { label: 'View extraction run', href: `/dashboard/instagram-info?run=${RUN_ID}` },
    });
  });

  it('refunds exactly once when the first requests arrive at the same time', async () => {
    const { userId, references } = await chargedUser(['bea@nomail.example', 'cid@ok.example']);
    const ask = { userId, chargeReference: references[0], email: 'bea@nomail.example', reason: REASON };
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(ask)));
    expect(answers.filter((answer) => answer.outcome === 'refunded')).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === 'duplicate')).toHaveLength(7);
    expect(await refundRows(userId)).toHaveLength(1);
    // 5 granted, 2 captured, 1 refunded; the other capture stands.
    expect(answers.at(-1)?.balance).toBe(4);
  });

  it('refunds nothing without a capture of that user', async () => {
    const { userId, references } = await chargedUser(['dee@nomail.example']);
    const stranger = newUserId('stranger');
    for (const ask of [
      {
        userId,
        chargeReference: extractionChargeReference(RUN_ID, 'never', 'charged'),
        email: 'x@y.example',
      },
      { userId: stranger, chargeReference: references[0], email: 'dee@nomail.example' },
    ]) {
      expect(await refund({ ...ask, reason: REASON })).toMatchObject({
        outcome: 'not_charged',
        transactionId: null,
        amount: 0,
      });
    }
    expect(await refundRows(userId)).toHaveLength(0);
    expect(await refundRows(stranger)).toHaveLength(0);
  });

  it('answers VALIDATION_FAILED to a malformed request', async () => {
    await expect(refund({ userId: 'x', chargeReference: '' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  describe('after a restart', () => {
    let userId: string;
    let references: string[];
    beforeAll(async () => {
      ({ userId, references } = await chargedUser(['eve@nomail.example']));
    });

    it('a refund made before it is not made again, and the ledger refuses a second row for it', async () => {
      const ask = { userId, chargeReference: references[0], email: 'eve@nomail.example', reason: REASON };
      const first = await refund(ask);
      expect(first.outcome).toBe('refunded');

      // The service stops and a new instance answers on the same database and bus.
      await billing.service.stop();
      billing.service = await startService(createBillingService(DEFAULT_BILLING_CONFIG), {
        database: billing.fixture.database,
        bus,
        logger: createLogger({ test: 'refund-restart' }, 'silent'),
        identity: headerIdentity,
      });
      expect(await refund(ask)).toMatchObject({ outcome: 'duplicate', transactionId: first.transactionId });
      expect(await refundRows(userId)).toHaveLength(1);

      // The unique key itself stops a second refund row of the capture, whatever writes it.
      const [row] = await refundRows(userId);
      await expect(
        billing.fixture.database.db.execute(sql`
          insert into billing.credit_transactions (owner_key, user_id, amount, reason, reference, idempotency_key, balance_after)
          values (${userId}, ${userId}, 1, 'refund', ${references[0]}, ${row?.idempotencyKey}, 99)`),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      expect(row?.idempotencyKey).toMatch(/^refund:[0-9a-f-]{36}$/);
    });
  });
});
