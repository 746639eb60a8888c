import {
  AppError,
  CANCEL_FAILED_MESSAGE,
  CHECKOUT_FAILED_MESSAGE,
  REACTIVATE_FAILED_MESSAGE,
  TOP_UP_NEEDS_PLAN_MESSAGE,
  type TPaidPlanId,
  type TSubscriptionActionResponse,
  type TSubscriptionCheck,
  type TTopUpPackId,
} from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import {
  billingDetails,
  replacedSubscriptions,
  sandboxCheckoutSessions,
  subscriptions,
} from '../db/schema.ts';
import type { TLedgerDb } from '../ledger/ledger-db.ts';
import { readCompanyDetails } from './customer-details.ts';
import type { TPaymentProvider } from './payment-provider.ts';
import type { TReplacedSubscriptionCanceller } from './replaced-subscriptions.ts';
import type { TStripeEventProcessor } from './stripe-events/stripe-event-processor.ts';
import { canStillCharge, isSubscribed, toSubscriptionCheck } from './subscription-view.ts';

export interface TSubscriptionServiceDeps {
  db: TLedgerDb;
  provider: TPaymentProvider;
  processor: TStripeEventProcessor;
  replaced: TReplacedSubscriptionCanceller;
  now?: () => Date;
}

/** Checkout, check-subscription, cancel and reactivate for the signed-in user (docs/product.md §7), and erasure. */
export function createSubscriptionService({
  db,
  provider,
  processor,
  replaced,
  now = () => new Date(),
}: TSubscriptionServiceDeps) {
  async function read(userId: string) {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  /** The provider's checkout page for the user's purchase; any failure there is CHECKOUT_FAILED. */
  async function openCheckout(open: () => Promise<{ url: string }>): Promise<{ url: string }> {
    try {
      return await open();
    } catch (error) {
      throw new AppError('CHECKOUT_FAILED', CHECKOUT_FAILED_MESSAGE, { cause: String(error) });
    }
  }

  async function setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<TSubscriptionActionResponse> {
    const failed = cancel ? CANCEL_FAILED_MESSAGE : REACTIVATE_FAILED_MESSAGE;
    const row = await read(userId);
    if (!row?.stripeSubscriptionId || !isSubscribed(row, now())) throw new AppError('NOT_FOUND', failed);
    if (row.cancelAtPeriodEnd !== cancel) {
      try {
        // The provider's answer is applied at once; its webhook, arriving later, then changes nothing.
        await processor.applySubscription(await provider.setCancelAtPeriodEnd(row, cancel));
      } catch (error) {
        throw new AppError('SUBSCRIPTION_UPDATE_FAILED', failed, { cause: String(error) });
      }
    }
    return {
      success: true,
      message: cancel
        ? 'Your subscription will end at the close of the current billing period.'
        : 'Your subscription has been reactivated.',
    };
  }

  return {
    async check(userId: string): Promise<TSubscriptionCheck> {
      return toSubscriptionCheck(await read(userId), now());
    },

    async checkout(user: { userId: string; email: string | null }, plan: TPaidPlanId) {
      const existing = await read(user.userId);
      const company = await readCompanyDetails(db, user.userId);
      return openCheckout(() =>
        provider.createCheckout({ ...user, plan, customerId: existing?.stripeCustomerId ?? null, company }),
      );
    },

    /** A credit pack for a subscriber who ran short before the renewal: one payment, same checkout. */
    async topUp(user: { userId: string; email: string | null }, pack: TTopUpPackId) {
      const existing = await read(user.userId);
      if (!existing || !isSubscribed(existing, now()))
        throw new AppError('FORBIDDEN', TOP_UP_NEEDS_PLAN_MESSAGE);
      const company = await readCompanyDetails(db, user.userId);
      return openCheckout(() =>
        provider.createTopUpCheckout({ ...user, pack, customerId: existing.stripeCustomerId, company }),
      );
    },

    cancel: (userId: string) => setCancelAtPeriodEnd(userId, true),
    reactivate: (userId: string) => setCancelAtPeriodEnd(userId, false),

    /**
     * `accounts.erased`: the subscription is cancelled at the provider first, so the customer is
     * never charged again, then its rows go with the account. Idempotent: a failed cancellation
     * throws before anything is erased, and the redelivered event tries again.
     */
    async erase(userId: string): Promise<void> {
      const row = await read(userId);
      if (row?.stripeSubscriptionId && canStillCharge(row.status)) await provider.cancelNow(row);
      await replaced.cancelOfUser(userId);
      await db.transaction(async (tx) => {
        await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
        await tx.delete(replacedSubscriptions).where(eq(replacedSubscriptions.userId, userId));
        await tx.delete(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.userId, userId));
        await tx.delete(billingDetails).where(eq(billingDetails.userId, userId));
      });
    },
  };
}

export type TSubscriptionService = ReturnType<typeof createSubscriptionService>;
