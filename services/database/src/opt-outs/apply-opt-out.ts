import type { TEventBus } from '@prospector/bus';
import { createEvent, type TEventData } from '@prospector/contracts';
import {
  consumeOptOutEvents,
  enqueueEvents,
  recordAudit,
  rememberOptOut,
  type TDatabase,
} from '@prospector/db';
import type { TOptOutKeys } from '@prospector/service-kit';
import { inArray, or, sql } from 'drizzle-orm';
import { auditTrail, extractions, optOutRemovals, optOuts, outbox } from '../db/schema.ts';
import { findHeldMatches } from './held-matches.ts';

type TDb = TDatabase['db'];
type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/**
 * `optouts.confirmed` (the owner confirmed, docs/product.md §10): every customer's saved record of the
 * account (by its username, or by the e-mail address whose link confirmed it) is removed, so no list, detail, export or API answer can return it, and each
 * customer's count of records removed after opt-out requests goes up. The hashes are kept, so a record
 * arriving later (a run that was under way) is refused on the way in (`isOptedOut`). Each customer who
 * lost records gets `extractions.opted-out` with their ids (their webhook), in the same transaction.
 * Idempotent: a redelivery finds nothing left to remove and tells no one again.
 */
export const consumeOptOuts = (db: TDb, bus: TEventBus, keys: TOptOutKeys) =>
  consumeOptOutEvents(bus, 'database-optouts-confirmed', 'optouts.confirmed', (optOut) =>
    applyOptOut(db, keys, optOut),
  );

export async function applyOptOut(
  db: TDb,
  keys: TOptOutKeys,
  { usernameKey, emailKey }: TEventData<'optouts.confirmed'>,
): Promise<number> {
  const { usernames, emails } = await findHeldMatches(db, keys, { usernameKey, emailKey });
  return db.transaction(async (tx) => {
    await rememberOptOut(tx, optOuts, { usernameKey, emailKey });
    if (usernames.size === 0 && emails.size === 0) return 0;
    const removed = await tx
      .delete(extractions)
      .where(
        or(
          ...(usernames.size > 0 ? [inArray(extractions.instagramUsername, [...usernames])] : []),
          ...(emails.size > 0 ? [inArray(sql`lower(trim(${extractions.publicEmail}))`, [...emails])] : []),
        ),
      )
      .returning({ id: extractions.id, userId: extractions.userId, creditsUsed: extractions.creditsUsed });
    await countRemovals(tx, removed);
    await enqueueRemovalEvents(tx, removed);
    await recordAudit(tx, auditTrail, { action: 'opt-out', scope: 'saved records', records: removed.length });
    return removed.length;
  });
}

/** One `extractions.opted-out` per customer who held a removed record. */
async function enqueueRemovalEvents(tx: TTx, removed: Array<{ id: string; userId: string }>) {
  const idsByUser = new Map<string, string[]>();
  for (const row of removed) idsByUser.set(row.userId, [...(idsByUser.get(row.userId) ?? []), row.id]);
  await enqueueEvents(
    tx,
    outbox,
    [...idsByUser].map(([userId, extractionIds]) =>
      createEvent('extractions.opted-out', userId, { extractionIds }),
    ),
  );
}

/** Adds removed records to their users' counts. */
export async function countRemovals(tx: TTx | TDb, removed: Array<{ userId: string; creditsUsed: number }>) {
  const byUser = new Map<string, { removed: number; creditsUsed: number }>();
  for (const row of removed) {
    const entry = byUser.get(row.userId) ?? { removed: 0, creditsUsed: 0 };
    entry.removed += 1;
    entry.creditsUsed += row.creditsUsed;
    byUser.set(row.userId, entry);
  }
  for (const [userId, entry] of byUser) {
    await tx
      .insert(optOutRemovals)
      .values({ userId, ...entry })
      .onConflictDoUpdate({
        target: optOutRemovals.userId,
        set: {
          removed: sql`${optOutRemovals.removed} + ${entry.removed}`,
          creditsUsed: sql`${optOutRemovals.creditsUsed} + ${entry.creditsUsed}`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Whether a record of this username or e-mail belongs to someone who opted out. */
export async function isOptedOut(db: TDb, keys: TOptOutKeys, username: string, email: string | null) {
  const usernameKey = keys.username(username);
  const emailKey = keys.email(email);
  const conditions = [
    ...(usernameKey ? [sql`${optOuts.usernameKey} = ${usernameKey}`] : []),
    ...(emailKey ? [sql`${optOuts.emailKey} = ${emailKey}`] : []),
  ];
  if (conditions.length === 0) return false;
  const rows = await db
    .select({ key: optOuts.usernameKey })
    .from(optOuts)
    .where(or(...conditions))
    .limit(1);
  return rows.length > 0;
}
