import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { replacedSubscriptions } from '../db/schema.ts';
import type { TLedgerDb } from '../ledger/ledger-db.ts';
import type { TProviderSubscription } from './payment-provider.ts';

/** How many pending cancellations one pass looks at; the next pass takes the rest. */
const PASS_LIMIT = 100;

/**
 * How long a claim keeps other passes off a cancellation. Far longer than a provider call; a pass
 * that died holding it only delays the retry this long. Stripe answers a repeated cancel with its
 * first answer for a day (the idempotency key), so a retry after a lost answer is harmless.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

/** The columns of a claim `holder` takes now, for one lease. */
export const claimFor = (holder: string, now: Date) => ({
  claimedBy: holder,
  claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
});

/**
 * Cancels at the provider the subscriptions users moved off (see `replacedSubscriptions`). Each is
 * claimed for a lease before the provider is asked, so concurrent passes (the webhook that replaced
 * it, the sweeper, an erasure) ask once; `cancelled_at` is set only once the provider has done it.
 * The event that replaces a subscription claims it in the same transaction (`claimFor` in
 * `replaceSubscription`), so the sweeper never asks before that event's own pass has. A refusal ends
 * the claim at once, and a pass that died mid-way leaves its claim to run out, so the sweeper asks
 * again either way.
 */
export function createReplacedSubscriptionCanceller(
  db: TLedgerDb,
  cancelNow: (subscription: TProviderSubscription) => Promise<void>,
  now: () => Date,
) {
  /**
   * Not cancelled yet and, unless `overrideClaims`, not claimed by another holder still within its
   * lease (a claim `holder` already has is its own to use).
   */
  const claimable = (holder: string, overrideClaims: boolean) =>
    and(
      isNull(replacedSubscriptions.cancelledAt),
      overrideClaims
        ? undefined
        : or(
            isNull(replacedSubscriptions.claimedUntil),
            lte(replacedSubscriptions.claimedUntil, now()),
            eq(replacedSubscriptions.claimedBy, holder),
          ),
    );

  async function claim(subscriptionId: string, holder: string, overrideClaims: boolean) {
    const [claimed] = await db
      .update(replacedSubscriptions)
      .set(claimFor(holder, now()))
      .where(
        and(
          eq(replacedSubscriptions.stripeSubscriptionId, subscriptionId),
          claimable(holder, overrideClaims),
        ),
      )
      .returning();
    return claimed;
  }

  async function settle(subscriptionId: string, cancelledAt: Date | null) {
    await db
      .update(replacedSubscriptions)
      .set({ cancelledAt, claimedUntil: null, claimedBy: null })
      .where(eq(replacedSubscriptions.stripeSubscriptionId, subscriptionId));
  }

  async function cancelWhere(
    filter: SQL | undefined,
    { holder = randomUUID(), overrideClaims = false }: { holder?: string; overrideClaims?: boolean } = {},
  ): Promise<number> {
    const pending = await db
      .select({ id: replacedSubscriptions.stripeSubscriptionId })
      .from(replacedSubscriptions)
      .where(and(claimable(holder, overrideClaims), filter))
      .orderBy(asc(replacedSubscriptions.replacedAt))
      .limit(PASS_LIMIT);
    const failures: unknown[] = [];
    let cancelled = 0;
    for (const { id } of pending) {
      const row = await claim(id, holder, overrideClaims);
      if (!row) continue;
      try {
        await cancelNow({ ...row, currentPeriodEnd: null, cancelAtPeriodEnd: false });
      } catch (error) {
        await settle(id, null);
        failures.push(error);
        continue;
      }
      await settle(id, now());
      cancelled += 1;
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
    /**
     * Cancels these replaced subscriptions, unless already done or under way; `holder` is the claim
     * the caller already has on them (the event that replaced them), if any.
     */
    cancel: (subscriptionIds: string[], holder?: string) =>
      subscriptionIds.length > 0
        ? cancelWhere(inArray(replacedSubscriptions.stripeSubscriptionId, subscriptionIds), { holder })
        : Promise.resolve(0),
    /**
     * Cancels all of one user's replaced subscriptions not cancelled yet, claimed or not, or throws:
     * an erasure must not delete a row whose cancellation another pass may still fail (or died in).
     */
    cancelOfUser: (userId: string) =>
      cancelWhere(eq(replacedSubscriptions.userId, userId), { overrideClaims: true }),
    /** Cancels every replaced subscription not cancelled yet (a refused one is retried here). */
    cancelPending: () => cancelWhere(undefined),
  };
}

export type TReplacedSubscriptionCanceller = ReturnType<typeof createReplacedSubscriptionCanceller>;
