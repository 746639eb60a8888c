import { createEvent } from '@prospector/contracts';
import { enqueueEvent } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { extractionRunItems, extractionRuns, outbox } from '../db/schema.ts';
import { refundCharge } from './charge-item.ts';
import { actorOfRun } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import { toItemEvent, toRun } from './run-reads.ts';

/**
 * Finishes the check of an item that was charged and recorded before its verdict was in: checks the
 * e-mail to the end, refunds the credit if it is undeliverable, then writes the verdict on the item
 * (and the run's credits) with the `extractions.email-checked` event for the database service, in one
 * transaction. Safe to run again at any point: billing refunds a capture once, and only the first
 * commit finds the check still pending.
 */
export async function finishEmailCheck(deps: TRunDeps, itemId: string): Promise<void> {
  const [found] = await deps.db
    .select({ item: extractionRunItems, userId: extractionRuns.userId, ownerKey: extractionRuns.ownerKey })
    .from(extractionRunItems)
    .innerJoin(extractionRuns, eq(extractionRuns.id, extractionRunItems.runId))
    .where(eq(extractionRunItems.id, itemId));
  const email = found?.item.profile?.public_email;
  if (!found?.item.emailCheckPending || !email) return;
  const { item } = found;
  const actor = actorOfRun(found);

  const verdict = await deps.emailCheck.checker.check(email);
  const refund = verdict.status === 'undeliverable' && item.creditsUsed > 0;
  if (refund) await refundCharge(deps, { actor, runId: item.runId, item, email, verdict });
  const creditsUsed = refund ? 0 : item.creditsUsed;

  const changed = await deps.db.transaction(async (tx) => {
    const [itemRow] = await tx
      .update(extractionRunItems)
      .set({ emailCheck: verdict, emailCheckPending: false, creditsUsed })
      .where(and(eq(extractionRunItems.id, itemId), eq(extractionRunItems.emailCheckPending, true)))
      .returning();
    if (!itemRow) return null;
    const [runRow] = await tx
      .update(extractionRuns)
      .set({
        creditsUsed: sql`greatest(${extractionRuns.creditsUsed} - ${item.creditsUsed - creditsUsed}, 0)`,
        emailsUndeliverable: sql`${extractionRuns.emailsUndeliverable} + ${verdict.status === 'undeliverable' ? 1 : 0}`,
        updatedAt: sql`now()`,
      })
      .where(eq(extractionRuns.id, item.runId))
      .returning();
    await enqueueEvent(
      tx,
      outbox,
      createEvent('extractions.email-checked', actor, {
        itemId,
        runId: item.runId,
        username: item.username,
        emailCheck: verdict,
        creditsUsed,
      }),
    );
    return { itemRow, runRow };
  });
  if (!changed) return;
  await deps.live.item(actor, toItemEvent(changed.itemRow));
  if (changed.runRow) await deps.live.run(actor, toRun(changed.runRow));
}
