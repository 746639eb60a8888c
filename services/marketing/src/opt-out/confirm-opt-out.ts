import { createEvent } from '@prospector/contracts';
import { enqueueEvent, recordAudit, type TDatabase } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import { auditTrail, optOutRequests, optOuts, outbox } from '../db/schema.ts';

/**
 * The owner confirmed an opt-out request: by the link mailed to an address the saved copies show
 * (`emailKey`, that address's hash) or by the code in the bio (`emailKey` null, only the account is
 * proven). The request is marked, the account joins the confirmed list, and `optouts.confirmed` goes out
 * in the same transaction: from it the holders remove every saved copy. A lapsed, unconfirmed request
 * cannot be confirmed any more (false); confirming again announces again, which the holders shrug off.
 */
export async function confirmOptOut(
  database: TDatabase,
  {
    requestId,
    by,
    emailKey,
    now,
  }: { requestId: string; by: 'link' | 'bio'; emailKey: string | null; now: Date },
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(optOutRequests)
      .where(eq(optOutRequests.id, requestId))
      .for('update');
    if (!request || (request.confirmedAt === null && request.expiresAt <= now)) return false;
    await tx
      .update(optOutRequests)
      .set({ confirmedAt: request.confirmedAt ?? now, confirmedBy: request.confirmedBy ?? by })
      .where(eq(optOutRequests.id, requestId));
    await tx
      .insert(optOuts)
      .values({ usernameKey: request.usernameKey, emailKey })
      .onConflictDoUpdate({
        target: optOuts.usernameKey,
        set: { emailKey: sql`coalesce(excluded.email_key, ${optOuts.emailKey})`, updatedAt: sql`now()` },
      });
    await recordAudit(tx, auditTrail, { action: 'opt-out', scope: `confirmed by ${by}`, records: 1 });
    await enqueueEvent(
      tx,
      outbox,
      createEvent('optouts.confirmed', null, { usernameKey: request.usernameKey, emailKey }),
    );
    return true;
  });
}
