import {
  memberLimitMessage,
  type TMemberUsage,
  type TMemberUsageList,
  UNNAMED_MEMBER,
} from '@prospector/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { memberCreditLimits } from '../db/schema.ts';
import { FORMER_MEMBER, type TLedgerDb } from './ledger-db.ts';

/**
 * Per-member monthly credit limits (docs/architecture.md §6). A member's use of a month is what they
 * captured in that workspace since the month began (UTC, by the database's clock) plus what their active
 * holds still reserve: a running extraction's held credits count before they are captured.
 */

type TUsageRow = { captured: number; held: number; monthStart: Date | string };

// The month is the database's, so every process judges by one clock.
const MONTH_START = sql`(date_trunc('month', now() at time zone 'utc') at time zone 'utc')`;

function usageOf(db: TLedgerDb, ownerKey: string, memberId: string): Promise<TUsageRow[]> {
  return db.execute<TUsageRow>(sql`
    select
      (select coalesce(-sum(t.amount), 0)::int from billing.credit_transactions t
        where t.owner_key = ${ownerKey} and t.user_id = ${memberId} and t.reason = 'capture'
          and t.created_at >= ${MONTH_START}) as captured,
      (select coalesce(sum(h.amount - h.captured), 0)::int from billing.credit_holds h
        where h.owner_key = ${ownerKey} and h.user_id = ${memberId} and h.status = 'active') as held,
      ${MONTH_START} as "monthStart"`) as unknown as Promise<TUsageRow[]>;
}

function toUsage(memberId: string, row: TUsageRow, monthlyLimit: number | null): TMemberUsage {
  const used = row.captured + row.held;
  return {
    memberId,
    monthStart: new Date(row.monthStart).toISOString(),
    captured: row.captured,
    held: row.held,
    used,
    monthlyLimit,
    left: monthlyLimit === null ? null : Math.max(0, monthlyLimit - used),
  };
}

async function limitOf(db: TLedgerDb, ownerKey: string, memberId: string, lock = false) {
  const query = db
    .select({ monthlyLimit: memberCreditLimits.monthlyLimit })
    .from(memberCreditLimits)
    .where(and(eq(memberCreditLimits.ownerKey, ownerKey), eq(memberCreditLimits.userId, memberId)));
  const [row] = await (lock ? query.for('update') : query);
  return row?.monthlyLimit ?? null;
}

/** One member's month in one workspace, with their limit if they have one. */
export async function readMemberUsage(db: TLedgerDb, ownerKey: string, memberId: string) {
  const [limit, [row]] = await Promise.all([
    limitOf(db, ownerKey, memberId),
    usageOf(db, ownerKey, memberId),
  ]);
  if (!row) throw new Error('The usage query answered no row');
  return toUsage(memberId, row, limit);
}

/** Every member of the workspace with a limit or any use this month, by member id. */
export async function listMemberUsage(db: TLedgerDb, ownerKey: string): Promise<TMemberUsageList> {
  const rows = (await db.execute<TUsageRow & { memberId: string; monthlyLimit: number | null }>(sql`
    with month as (select ${MONTH_START} as start),
    captured as (
      select t.user_id, -sum(t.amount)::int as captured from billing.credit_transactions t, month
      where t.owner_key = ${ownerKey} and t.reason = 'capture' and t.created_at >= month.start
      group by t.user_id),
    held as (
      select h.user_id, sum(h.amount - h.captured)::int as held from billing.credit_holds h
      where h.owner_key = ${ownerKey} and h.status = 'active' group by h.user_id),
    limits as (
      select l.user_id, l.monthly_limit from billing.member_credit_limits l where l.owner_key = ${ownerKey}),
    members as (select user_id from captured union select user_id from held union select user_id from limits)
    select m.user_id as "memberId", coalesce(c.captured, 0) as captured, coalesce(h.held, 0) as held,
      l.monthly_limit as "monthlyLimit", (select start from month) as "monthStart"
    from members m
      left join captured c on c.user_id = m.user_id
      left join held h on h.user_id = m.user_id
      left join limits l on l.user_id = m.user_id
    where m.user_id <> ${FORMER_MEMBER}
    order by m.user_id`)) as unknown as Array<TUsageRow & { memberId: string; monthlyLimit: number | null }>;
  return { members: rows.map((row) => toUsage(row.memberId, row, row.monthlyLimit)) };
}

/**
 * Sets the member's limit: one upsert, so two admins setting it at once leave one of their values
 * whole (the last to commit), never a mix. A hold holding the row waits for it, and the next hold is
 * judged by the new limit.
 */
export async function setMemberLimit(
  db: TLedgerDb,
  ownerKey: string,
  memberId: string,
  monthlyLimit: number,
): Promise<TMemberUsage> {
  await db
    .insert(memberCreditLimits)
    .values({ ownerKey, userId: memberId, monthlyLimit })
    .onConflictDoUpdate({
      target: [memberCreditLimits.ownerKey, memberCreditLimits.userId],
      set: { monthlyLimit, updatedAt: sql`now()` },
    });
  return readMemberUsage(db, ownerKey, memberId);
}

export async function clearMemberLimit(db: TLedgerDb, ownerKey: string, memberId: string): Promise<void> {
  await db
    .delete(memberCreditLimits)
    .where(and(eq(memberCreditLimits.ownerKey, ownerKey), eq(memberCreditLimits.userId, memberId)));
}

/**
 * Inside a hold's transaction, before the account row is locked: the refusal when `amount` more would
 * take the member past their limit, else null. The limit row's lock makes holds of one member wait for
 * each other, so each sees what the one before it reserved (READ COMMITTED reads anew after the lock).
 */
export async function refuseOverMemberLimit(
  tx: TLedgerDb,
  input: { ownerKey: string; userId: string; amount: number; memberName?: string | undefined },
) {
  const limit = await limitOf(tx, input.ownerKey, input.userId, true);
  if (limit === null) return null;
  const [row] = await usageOf(tx, input.ownerKey, input.userId);
  if (!row) throw new Error('The usage query answered no row');
  const left = Math.max(0, limit - row.captured - row.held);
  if (input.amount <= left) return null;
  return {
    refused: 'member_limit' as const,
    needed: input.amount,
    available: left,
    limit,
    message: memberLimitMessage(input.memberName ?? UNNAMED_MEMBER, left, limit),
  };
}
