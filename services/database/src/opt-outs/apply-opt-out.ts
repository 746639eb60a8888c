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
 * workspace's count of records removed after opt-out requests goes up. The hashes are kept, so a record
 * arriving later (a run that was under way) is refused on the way in (`isOptedOut`). Each workspace that
 * lost records gets `extractions.opted-out` with their ids (its webhook), one per member whose records
 * they were (`userId`; null for a former member), in the same transaction.
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
      .returning({
        id: extractions.id,
        ownerKey: extractions.ownerKey,
        userId: extractions.userId,
        creditsUsed: extractions.creditsUsed,
      });
    await countRemovals(tx, removed);
    await enqueueRemovalEvents(tx, removed);
    await recordAudit(tx, auditTrail, { action: 'opt-out', scope: 'saved records', records: removed.length });
    return removed.length;
  });
}

/**
 * One `extractions.opted-out` per workspace and member who held a removed record: the workspace is the
 * event's `ownerKey` (its webhooks), the member its `userId` (null: a former member, erased).
 */
async function enqueueRemovalEvents(
  tx: TTx,
  removed: Array<{ id: string; ownerKey: string; userId: string | null }>,
) {
  const groups = new Map<string, { ownerKey: string; userId: string | null; extractionIds: string[] }>();
  for (const row of removed) {
    const key = JSON.stringify([row.ownerKey, row.userId]);
    const group = groups.get(key) ?? { ownerKey: row.ownerKey, userId: row.userId, extractionIds: [] };
    group.extractionIds.push(row.id);
    groups.set(key, group);
  }
  await enqueueEvents(
    tx,
    outbox,
    [...groups.values()].map(({ ownerKey, userId, extractionIds }) =>
      userId === null
        ? { ...createEvent('extractions.opted-out', null, { extractionIds }), ownerKey }
        : createEvent('extractions.opted-out', { userId, ownerKey }, { extractionIds }),
    ),
  );
}

/** Adds removed records to their workspaces' counts. */
export async function countRemovals(
  tx: TTx | TDb,
  removed: Array<{ ownerKey: string; creditsUsed: number }>,
) {
  const byOwner = new Map<string, { removed: number; creditsUsed: number }>();
  for (const row of removed) {
    const entry = byOwner.get(row.ownerKey) ?? { removed: 0, creditsUsed: 0 };
    entry.removed += 1;
    entry.creditsUsed += row.creditsUsed;
    byOwner.set(row.ownerKey, entry);
  }
  for (const [ownerKey, entry] of byOwner) {
    await tx
      .insert(optOutRemovals)
      .values({ ownerKey, ...entry })
      .onConflictDoUpdate({
        target: optOutRemovals.ownerKey,
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
