import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger } from '@prospector/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenChainLinks, expectCaptured, expectHeld, MIGRATIONS_FOLDER } from '../_factories.ts';
import { createCreditLedger } from '../ledger/credit-ledger.ts';

const USERS = 300;
const ROWS_PER_USER = 20;

/** The committed migrations up to (not including) `tag`: the database as it was before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'billing-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0016: credits move to workspaces (owner_key = user_id)', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('keeps every row, balance and paid-for account of a populated ledger, each under its user’s workspace', async () => {
    const logger = createLogger({ test: 'migration-0016' }, 'silent');
    const testDatabase = await createTestDatabase();
    cleanup.push(() => testDatabase.drop());
    const database = createDatabase({ url: testDatabase.url, schemaName: 'billing', max: 4, logger });
    cleanup.push(() => database.close());
    const before = migrationsBefore('0016_workspace_ledger');
    cleanup.push(() => rmSync(before, { recursive: true, force: true }));
    await runMigrations(database, { migrationsFolder: before, schemaName: 'billing' });

    // A populated ledger, written by the SQL of before: per user a grant, captures of distinct accounts
    // (with their charged_accounts rows), a balance that matches, an active hold.
    await database.sql.unsafe(`
      insert into billing.credit_transactions (user_id, amount, reason, reference, idempotency_key, balance_after)
        select 'user-' || n, 1000, 'plan_grant', 'inv', 'grant:' || n, 1000 from generate_series(1, ${USERS}) n;
      insert into billing.credit_transactions (user_id, amount, reason, reference, idempotency_key, balance_after)
        select 'user-' || n, -1, 'capture', 'extraction:run' || n || ':item' || k || ':acct_' || k,
               'capture:extraction:run' || n || ':item' || k || ':acct_' || k, 1000 - k
        from generate_series(1, ${USERS}) n, generate_series(1, ${ROWS_PER_USER}) k order by n, k;
      insert into billing.charged_accounts (user_id, account, transaction_id)
        select user_id, split_part(reference, ':', 4), id from billing.credit_transactions where reason = 'capture';
      insert into billing.credit_accounts (user_id, balance, held)
        select 'user-' || n, 1000 - ${ROWS_PER_USER}, 5 from generate_series(1, ${USERS}) n;
      insert into billing.credit_holds (user_id, run_id, amount, expires_at)
        select 'user-' || n, 'run-live-' || n, 5, now() + interval '1 hour' from generate_series(1, ${USERS}) n;`);
    const snapshot = async () =>
      (
        await database.sql<Record<string, number>[]>`
          select (select count(*)::int from billing.credit_transactions) transactions,
                 (select count(*)::int from billing.charged_accounts) charged,
                 (select count(*)::int from billing.credit_accounts) accounts,
                 (select count(*)::int from billing.credit_holds) holds,
                 (select sum(balance)::int from billing.credit_accounts) balances,
                 (select sum(held)::int from billing.credit_accounts) held,
                 (select sum(amount)::int from billing.credit_transactions) ledger_sum`
      )[0];
    const was = await snapshot();

    expect(
      (await runMigrations(database, { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'billing' })).applied,
    ).toBe(1);
    expect(await snapshot()).toEqual(was);
    const [moved] = await database.sql<{ transactions: number; holds: number }[]>`
      select (select count(*)::int from billing.credit_transactions where owner_key = user_id) transactions,
             (select count(*)::int from billing.credit_holds where owner_key = user_id) holds`;
    expect(moved).toEqual({ transactions: was?.transactions, holds: was?.holds });
    const [keys] = await database.sql<{ accounts: number; charged: number }[]>`
      select (select count(*)::int from billing.credit_accounts where owner_key like 'user-%') accounts,
             (select count(*)::int from billing.charged_accounts where owner_key like 'user-%') charged`;
    expect(keys).toEqual({ accounts: USERS, charged: USERS * ROWS_PER_USER });

    // The ledger works on the moved rows: balances read per workspace, the chain continues, an account
    // paid for before the move is still paid for, and the live hold captures.
    const ledger = createCreditLedger(database.db);
    expect(await ledger.balance('user-7')).toMatchObject({
      balance: 1000 - ROWS_PER_USER,
      held: 5,
      available: 975,
    });
    expect(await ledger.creditsUsed('user-7')).toBe(ROWS_PER_USER);
    const { hold } = await expectHeld(
      ledger.hold({ userId: 'user-7', amount: 5, runId: 'run-live-7', leaseMs: 60_000 }),
    );
    expect(
      await expectCaptured(ledger.capture({ holdId: hold.holdId, itemKey: 'extraction:new:item1:acct_1' })),
    ).toMatchObject({ charged: false, accountChargedBefore: true });
    await expectCaptured(ledger.capture({ holdId: hold.holdId, itemKey: 'extraction:new:item2:acct_new' }));
    const rows = await database.sql<{ amount: number; balanceAfter: number }[]>`
      select amount, balance_after as "balanceAfter" from billing.credit_transactions
      where owner_key = 'user-7' order by seq`;
    expect(brokenChainLinks(rows)).toEqual([]);
    const history = await ledger.history('user-7', { page: 1, pageSize: 1 });
    expect(history.items[0]).toMatchObject({ reason: 'capture', memberId: 'user-7' });
    expect(history.total).toBe(ROWS_PER_USER + 2);
    // The ledger is append-only again once migrated.
    await expect(
      database.sql`update billing.credit_transactions set amount = 0 where owner_key = 'user-1'`,
    ).rejects.toMatchObject({
      code: '23001',
    });
    // Applied again (a restart): nothing to do.
    expect(
      (await runMigrations(database, { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'billing' })).applied,
    ).toBe(0);
  });
});
