import type {
  TCreditBalance,
  TCreditHistoryPage,
  TCreditHistoryQuery,
  TLedgerReason,
} from '@prospector/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { creditAccounts, creditTransactions } from '../db/schema.ts';
import { describeCreditChange } from './describe-credit-change.ts';
import { FORMER_MEMBER, type TLedgerDb } from './ledger-db.ts';

/**
 * Reads a workspace's credits; zeros (and no update time) before anything was ever granted to them. The
 * query is built once (drizzle would rebuild its SQL on every read) and prepared: PostgreSQL parses
 * and plans it once per connection instead of on every read.
 */
export function createBalanceReader(db: TLedgerDb): (ownerKey: string) => Promise<TCreditBalance> {
  const query = db
    .select()
    .from(creditAccounts)
    .where(eq(creditAccounts.ownerKey, sql.placeholder('ownerKey')))
    .prepare('read_balance');
  return async (ownerKey) => toBalance((await query.execute({ ownerKey }))[0]);
}

/**
 * What the workspace's extractions cost, from the ledger: captures (negative amounts) less refunds, never
 * below 0. One charge is one row whichever runs, members or saved records shared the account, so this is
 * what was charged, where a sum over saved records undercounts an account two runs fetched. Prepared like
 * the balance; the workspace's rows are found by `credit_transactions_owner_seq_idx`.
 */
export function createCreditsUsedReader(db: TLedgerDb): (ownerKey: string) => Promise<number> {
  const query = db
    .select({
      spent: sql<number>`greatest(0, -coalesce(sum(${creditTransactions.amount}), 0))`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.ownerKey, sql.placeholder('ownerKey')),
        inArray(creditTransactions.reason, ['capture', 'refund'] satisfies TLedgerReason[]),
      ),
    )
    .prepare('read_credits_used');
  return async (ownerKey) => (await query.execute({ ownerKey }))[0]?.spent ?? 0;
}

function toBalance(account: typeof creditAccounts.$inferSelect | undefined): TCreditBalance {
  if (!account) return { balance: 0, available: 0, held: 0, updatedAt: null };
  return {
    balance: account.balance,
    available: account.balance - account.held,
    held: account.held,
    updatedAt: account.updatedAt.toISOString(),
  };
}

/** One page of a workspace's ledger, newest change first, each row naming its member. */
export async function readHistory(
  db: TLedgerDb,
  ownerKey: string,
  { page, pageSize }: TCreditHistoryQuery,
): Promise<TCreditHistoryPage> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.ownerKey, ownerKey))
      .orderBy(desc(creditTransactions.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(creditTransactions).where(eq(creditTransactions.ownerKey, ownerKey)),
  ]);
  return {
    items: rows.map((row) => {
      const reason = row.reason as TLedgerReason;
      return {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        amount: row.amount,
        reason,
        reference: row.reference,
        balanceAfter: row.balanceAfter,
        ...describeCreditChange({ ...row, reason }),
        memberId: row.userId === FORMER_MEMBER ? null : row.userId,
      };
    }),
    page,
    pageSize,
    total: totals[0]?.total ?? 0,
  };
}
