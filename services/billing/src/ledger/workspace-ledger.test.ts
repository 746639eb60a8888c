import { randomUUID } from 'node:crypto';
import { extractionChargeReference, memberLimitMessage, TRANSFER_MESSAGES } from '@prospector/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenChainLinks,
  createLedgerFixture,
  expectCaptured,
  expectHeld,
  newUserId,
  newWorkspace,
  type TLedgerFixture,
} from '../_factories.ts';
import { chargedAccounts, creditTransactions } from '../db/schema.ts';
import { FORMER_MEMBER } from './ledger-db.ts';

/** The ledger keyed by workspace (docs/architecture.md §6, §17): members share one balance and one "already paid" scope. */
describe('the workspace ledger', () => {
  let fixture: TLedgerFixture;
  beforeAll(async () => {
    fixture = await createLedgerFixture(24);
  });
  afterAll(() => fixture.close());

  const fund = (ownerKey: string, amount: number) =>
    fixture.ledger.grant({
      userId: ownerKey,
      amount,
      reason: 'plan_grant',
      idempotencyKey: `fund:${ownerKey}:${randomUUID()}`,
      reference: 'inv',
    });
  const rowsOf = (ownerKey: string) =>
    fixture.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.ownerKey, ownerKey))
      .orderBy(creditTransactions.seq);

  it('two members share one balance: what one holds, the other cannot', async () => {
    const ws = newWorkspace();
    await fund(ws.id, 10);
    const first = await expectHeld(
      fixture.ledger.hold({
        userId: ws.member.userId,
        ownerKey: ws.id,
        amount: 6,
        runId: 'r1',
        leaseMs: 60_000,
      }),
    );
    expect(first).toMatchObject({ balance: 10, available: 4, hold: { userId: ws.member.userId } });
    expect(
      await fixture.ledger.hold({
        userId: ws.admin.userId,
        ownerKey: ws.id,
        amount: 5,
        runId: 'r2',
        leaseMs: 60_000,
      }),
    ).toEqual({ refused: 'insufficient', needed: 5, available: 4 });
    await expectCaptured(fixture.ledger.capture({ holdId: first.hold.holdId, itemKey: 'i1' }));
    expect(await fixture.ledger.balance(ws.id)).toMatchObject({ balance: 9, held: 5, available: 4 });
    // The members' personal workspaces are untouched.
    expect(await fixture.ledger.balance(ws.member.userId)).toMatchObject({ balance: 0, held: 0 });

    const history = await fixture.ledger.history(ws.id, { page: 1, pageSize: 10 });
    expect(history.items.map((item) => [item.reason, item.memberId])).toEqual([
      ['capture', ws.member.userId],
      ['plan_grant', ws.id],
    ]);
  });

  it('charges one credit per (workspace, account) under overlapping captures by two members', async () => {
    const ws = newWorkspace();
    await fund(ws.id, 100);
    const hold = (userId: string, runId: string) =>
      expectHeld(fixture.ledger.hold({ userId, ownerKey: ws.id, amount: 30, runId, leaseMs: 60_000 }));
    const [mine, theirs] = await Promise.all([
      hold(ws.member.userId, 'run-a'),
      hold(ws.admin.userId, 'run-b'),
    ]);
    const accounts = Array.from({ length: 15 }, (_, index) => `shared_${index}`);
    const captures = await Promise.all(
      accounts.flatMap((account) =>
        [mine, theirs].map(({ hold: { holdId, runId } }, index) =>
          expectCaptured(
            fixture.ledger.capture({
              holdId,
              itemKey: extractionChargeReference(runId, `item${index}`, account),
            }),
          ),
        ),
      ),
    );
    expect(captures.filter((capture) => capture.charged)).toHaveLength(accounts.length);
    expect(captures.filter((capture) => capture.accountChargedBefore)).toHaveLength(accounts.length);
    expect(await fixture.ledger.balance(ws.id)).toMatchObject({ balance: 100 - accounts.length });
    const charged = await fixture.database.db
      .select()
      .from(chargedAccounts)
      .where(eq(chargedAccounts.ownerKey, ws.id));
    expect(charged).toHaveLength(accounts.length);
    expect(brokenChainLinks(await rowsOf(ws.id))).toEqual([]);

    // Another workspace (a client space) pays for the same accounts again: its scope is its own.
    const client = newWorkspace('client');
    await fund(client.id, 5);
    const { hold: clientHold } = await expectHeld(
      fixture.ledger.hold({
        userId: client.member.userId,
        ownerKey: client.id,
        amount: 1,
        runId: 'run-c',
        leaseMs: 60_000,
      }),
    );
    const again = await expectCaptured(
      fixture.ledger.capture({
        holdId: clientHold.holdId,
        itemKey: extractionChargeReference('run-c', 'item', 'shared_0'),
      }),
    );
    expect(again).toMatchObject({ charged: true, accountChargedBefore: false });
  });

  it('refuses another workspace’s charges: a refund asked for the wrong workspace gives nothing back', async () => {
    const a = newWorkspace('a');
    const b = newWorkspace('b');
    await fund(a.id, 5);
    await fund(b.id, 5);
    const { hold } = await expectHeld(
      fixture.ledger.hold({
        userId: a.member.userId,
        ownerKey: a.id,
        amount: 1,
        runId: 'run-a',
        leaseMs: 60_000,
      }),
    );
    const reference = extractionChargeReference('run-a', 'item', 'someone');
    await expectCaptured(fixture.ledger.capture({ holdId: hold.holdId, itemKey: reference }));
    const asked = { chargeReference: reference, email: 'x@example.com', reason: 'no mail server' };
    expect(await fixture.ledger.refund({ userId: b.owner.userId, ownerKey: b.id, ...asked })).toMatchObject({
      outcome: 'not_charged',
      balance: 5,
    });
    // A member of the capture's workspace may ask: the refund row names them.
    expect(await fixture.ledger.refund({ userId: a.admin.userId, ownerKey: a.id, ...asked })).toMatchObject({
      outcome: 'refunded',
      balance: 5,
    });
    const [refund] = (await rowsOf(a.id)).filter((row) => row.reason === 'refund');
    expect(refund?.userId).toBe(a.admin.userId);
    expect(await fixture.ledger.creditsUsed(a.id)).toBe(0);
    expect(await fixture.ledger.creditsUsed(b.id)).toBe(0);
  });

  it('never lets 20 concurrent holds of one member pass their monthly limit, held credits counted', async () => {
    const ws = newWorkspace();
    await fund(ws.id, 1_000);
    await fixture.ledger.setMemberLimit(ws.id, ws.member.userId, 50);
    // Used before: 7 captured this month.
    const { hold: earlier } = await expectHeld(
      fixture.ledger.hold({
        userId: ws.member.userId,
        ownerKey: ws.id,
        amount: 7,
        runId: 'early',
        leaseMs: 60_000,
      }),
    );
    for (let item = 0; item < 7; item += 1)
      await expectCaptured(fixture.ledger.capture({ holdId: earlier.holdId, itemKey: `early-${item}` }));
    await fixture.ledger.release(earlier.holdId);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, run) =>
        fixture.ledger.hold({
          userId: ws.member.userId,
          ownerKey: ws.id,
          amount: 5,
          runId: `run-${run}`,
          leaseMs: 60_000,
          memberName: 'Anna',
        }),
      ),
    );
    const held = answers.filter((answer) => !('refused' in answer));
    const refused = answers.filter((answer) => 'refused' in answer);
    // 43 left: 8 holds of 5 fit (40), the 9th would pass it.
    expect(held).toHaveLength(8);
    expect(refused).toHaveLength(12);
    for (const refusal of refused) {
      expect(refusal).toMatchObject({ refused: 'member_limit', needed: 5, limit: 50 });
      expect(refusal).toHaveProperty('message', memberLimitMessage('Anna', 3, 50));
    }
    expect(memberLimitMessage('Anna', 3, 50)).toBe('Anna has 3 of 50 credits left this month');
    expect(await fixture.ledger.memberUsage(ws.id, ws.member.userId)).toMatchObject({
      captured: 7,
      held: 40,
      used: 47,
      monthlyLimit: 50,
      left: 3,
    });
    // Another member of the workspace has no limit and spends on.
    await expectHeld(
      fixture.ledger.hold({
        userId: ws.admin.userId,
        ownerKey: ws.id,
        amount: 100,
        runId: 'admin',
        leaseMs: 60_000,
      }),
    );
    // Without a name, the words say "This member".
    expect(
      await fixture.ledger.hold({
        userId: ws.member.userId,
        ownerKey: ws.id,
        amount: 4,
        runId: 'x',
        leaseMs: 60_000,
      }),
    ).toMatchObject({ refused: 'member_limit', message: 'This member has 3 of 50 credits left this month' });
    // A retried hold of a run that has one still gets it, limit or not.
    const [made] = held;
    if (!made || 'refused' in made) throw new Error('no hold was made');
    expect(
      await fixture.ledger.hold({
        userId: ws.member.userId,
        ownerKey: ws.id,
        amount: 5,
        runId: made.hold.runId,
        leaseMs: 60_000,
      }),
    ).toMatchObject({ hold: { holdId: made.hold.holdId } });
    // Clearing the limit lets the member spend again.
    await fixture.ledger.clearMemberLimit(ws.id, ws.member.userId);
    await expectHeld(
      fixture.ledger.hold({
        userId: ws.member.userId,
        ownerKey: ws.id,
        amount: 4,
        runId: 'x',
        leaseMs: 60_000,
      }),
    );
  });

  it('two admins setting one limit at once: one of their values, whole', async () => {
    const ws = newWorkspace();
    const values = Array.from({ length: 10 }, (_, index) => 10 + index);
    await Promise.all(values.map((value) => fixture.ledger.setMemberLimit(ws.id, ws.member.userId, value)));
    const rows = await fixture.database.sql<{ monthly_limit: number }[]>`
      select monthly_limit from billing.member_credit_limits where owner_key = ${ws.id}`;
    expect(rows).toHaveLength(1);
    expect(values).toContain(rows[0]?.monthly_limit);
    const list = await fixture.ledger.listMemberUsage(ws.id);
    expect(list.members).toEqual([
      expect.objectContaining({ memberId: ws.member.userId, monthlyLimit: rows[0]?.monthly_limit, used: 0 }),
    ]);
  });

  it('moves credits between two workspaces in one transaction, never making any, once per transfer id', async () => {
    const agency = newWorkspace('agency');
    const client = newWorkspace('client');
    await fund(agency.id, 30);
    await expectHeld(
      fixture.ledger.hold({
        userId: agency.member.userId,
        ownerKey: agency.id,
        amount: 10,
        runId: 'r',
        leaseMs: 60_000,
      }),
    );
    const transferId = randomUUID();
    const ask = (amount: number, id = transferId) =>
      fixture.ledger.transfer({
        userId: agency.owner.userId,
        transferId: id,
        fromOwnerKey: agency.id,
        toOwnerKey: client.id,
        amount,
      });
    // Held credits do not move: 20 are available.
    expect(await ask(21, randomUUID())).toEqual({
      refused: 'insufficient',
      needed: 21,
      available: 20,
      message: TRANSFER_MESSAGES.tooLarge(21, 20),
    });
    const answers = await Promise.all([ask(15), ask(15), ask(15)]);
    expect(answers.filter((answer) => 'moved' in answer && answer.moved)).toHaveLength(1);
    expect(await fixture.ledger.balance(agency.id)).toMatchObject({ balance: 15, held: 10, available: 5 });
    expect(await fixture.ledger.balance(client.id)).toMatchObject({ balance: 15, available: 15 });
    const sides = [...(await rowsOf(agency.id)), ...(await rowsOf(client.id))].filter(
      (row) => row.reason === 'transfer',
    );
    expect(sides.map((row) => [row.ownerKey, row.amount, row.transferId, row.counterpartKey])).toEqual([
      [agency.id, -15, transferId, client.id],
      [client.id, 15, transferId, agency.id],
    ]);
    expect(brokenChainLinks(await rowsOf(client.id))).toEqual([]);
    const history = await fixture.ledger.history(client.id, { page: 1, pageSize: 5 });
    expect(history.items[0]).toMatchObject({
      reason: 'transfer',
      amount: 15,
      memberId: agency.owner.userId,
      description: 'Credits moved from another of your workspaces',
    });
    // Opposite directions at once never deadlock, and the total stays.
    await Promise.all([
      fixture.ledger.transfer({
        userId: agency.owner.userId,
        transferId: randomUUID(),
        fromOwnerKey: agency.id,
        toOwnerKey: client.id,
        amount: 5,
      }),
      fixture.ledger.transfer({
        userId: agency.owner.userId,
        transferId: randomUUID(),
        fromOwnerKey: client.id,
        toOwnerKey: agency.id,
        amount: 5,
      }),
    ]);
    const total =
      (await fixture.ledger.balance(agency.id)).balance + (await fixture.ledger.balance(client.id)).balance;
    expect(total).toBe(30);
    await expect(
      fixture.ledger.transfer({
        userId: agency.owner.userId,
        transferId: randomUUID(),
        fromOwnerKey: client.id,
        toOwnerKey: client.id,
        amount: 1,
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: TRANSFER_MESSAGES.sameWorkspace });
  });

  it('erasing a member keeps what they did in another workspace there, without their id', async () => {
    const ws = newWorkspace();
    const leaver = newUserId('leaver');
    await fund(ws.id, 10);
    await fund(leaver, 3);
    await fixture.ledger.setMemberLimit(ws.id, leaver, 9);
    const { hold } = await expectHeld(
      fixture.ledger.hold({ userId: leaver, ownerKey: ws.id, amount: 2, runId: 'run-l', leaseMs: 60_000 }),
    );
    await expectCaptured(fixture.ledger.capture({ holdId: hold.holdId, itemKey: 'l-1' }));
    await fixture.ledger.transfer({
      userId: leaver,
      transferId: randomUUID(),
      fromOwnerKey: leaver,
      toOwnerKey: ws.id,
      amount: 3,
    });

    await fixture.ledger.eraseUser(leaver);
    await fixture.ledger.eraseUser(leaver);
    const found = await fixture.database.sql<{ table_name: string; n: number }[]>`
      select 'credit_transactions' as table_name, count(*)::int as n from billing.credit_transactions t
        where ${leaver} in (t.owner_key, t.user_id, t.counterpart_key)
      union all select 'credit_holds', count(*)::int from billing.credit_holds h where ${leaver} in (h.owner_key, h.user_id)
      union all select 'credit_accounts', count(*)::int from billing.credit_accounts a where a.owner_key = ${leaver}
      union all select 'member_credit_limits', count(*)::int from billing.member_credit_limits l where ${leaver} in (l.owner_key, l.user_id)`;
    expect(found.every((row) => row.n === 0)).toBe(true);
    // The workspace keeps its balance and its ledger, each row still there with a former member.
    expect(await fixture.ledger.balance(ws.id)).toMatchObject({ balance: 12, held: 1 });
    const rows = await rowsOf(ws.id);
    expect(rows.map((row) => row.userId)).toEqual([ws.id, FORMER_MEMBER, FORMER_MEMBER]);
    expect(brokenChainLinks(rows)).toEqual([]);
    const history = await fixture.ledger.history(ws.id, { page: 1, pageSize: 5 });
    expect(history.items.map((item) => item.memberId)).toEqual([null, null, ws.id]);
    // Outside an erasure the ledger still refuses any update, the member column included.
    await expect(
      fixture.database.db.execute(
        sql`update billing.credit_transactions set user_id = 'x' where owner_key = ${ws.id}`,
      ),
    ).rejects.toMatchObject({ cause: { code: '23001' } });
  });
});
