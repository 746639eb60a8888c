import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { replacedSubscriptions } from '../db/schema.ts';
import type { TLedgerDb } from '../ledger/ledger-db.ts';
import type { TProviderSubscription } from './payment-provider.ts';

/** How many pending cancellations one pass looks at; the next pass takes the rest. */
const PASS_LIMIT = 100;

/**
 * Cancels at the provider the subscriptions users moved off (see `replacedSubscriptions`). Each is
 * claimed by setting `cancelled_at` before the provider is asked, so concurrent passes (the webhook
 * that replaced it, the sweeper, an erasure) ask once; a refusal clears the claim for the next pass.
 */
export function createReplacedSubscriptionCanceller(
  db: TLedgerDb,
  cancelNow: (subscription: TProviderSubscription) => Promise<void>,
  now: () => Date,
) {
  async function claim(subscriptionId: string) {
    const [claimed] = await db
      .update(replacedSubscriptions)
      .set({ cancelledAt: now() })
      .where(
        and(
          eq(replacedSubscriptions.stripeSubscriptionId, subscriptionId),
          isNull(replacedSubscriptions.cancelledAt),
        ),
      )
      .returning();
    return claimed;
  }

  async function cancelWhere(filter: SQL | undefined): Promise<number> {
    const pending = await db
      .select({ id: replacedSubscriptions.stripeSubscriptionId })
      .from(replacedSubscriptions)
      .where(and(isNull(replacedSubscriptions.cancelledAt), filter))
      .orderBy(asc(replacedSubscriptions.replacedAt))
      .limit(PASS_LIMIT);
    const failures: unknown[] = [];
    let cancelled = 0;
    for (const { id } of pending) {
      const row = await claim(id);
      if (!row) continue;
      try {
        await cancelNow({ ...row, currentPeriodEnd: null, cancelAtPeriodEnd: false });
        cancelled += 1;
      } catch (error) {
        await db
          .update(replacedSubscriptions)
          .set({ cancelledAt: null })
          .where(eq(replacedSubscriptions.stripeSubscriptionId, id));
        failures.push(error);
      }
    }
    if (failures.length > 0) {
      throw new AggregateError(
        failures,
        `${failures.length} replaced subscription(s) could not be cancelled`,
      );
    }
    return cancelled;
  }

  return {
    /** Cancels these replaced subscriptions, unless already done. */
    cancel: (subscriptionIds: string[]) =>
      subscriptionIds.length > 0
        ? cancelWhere(inArray(replacedSubscriptions.stripeSubscriptionId, subscriptionIds))
        : Promise.resolve(0),
    /** Cancels one user's replaced subscriptions not cancelled yet. */
    cancelOfUser: (userId: string) => cancelWhere(eq(replacedSubscriptions.userId, userId)),
    /** Cancels every replaced subscription not cancelled yet (a refused one is retried here). */
    cancelPending: () => cancelWhere(undefined),
  };
}

export type TReplacedSubscriptionCanceller = ReturnType<typeof createReplacedSubscriptionCanceller>;
