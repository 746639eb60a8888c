import type { TPaidPlanId } from '@prospector/contracts';
import type Stripe from 'stripe';
import type { TSubscriptionRow } from './subscription-view.ts';

export interface TCheckoutInput {
  userId: string;
  email: string | null;
  plan: TPaidPlanId;
  /** The user's existing customer, so a new subscription joins it. */
  customerId: string | null;
}

/**
 * Where payments happen (docs/architecture.md §8): Stripe when STRIPE_SECRET_KEY is set, the sandbox
 * otherwise. Both report what happened as Stripe events through the same webhook handling code.
 */
export interface TPaymentProvider {
  kind: 'stripe' | 'sandbox';
  /** The hosted checkout page the browser goes to. */
  createCheckout(input: TCheckoutInput): Promise<{ url: string }>;
  /** Sets whether the subscription ends at its period's end; returns it as the provider now holds it. */
  setCancelAtPeriodEnd(subscription: TSubscriptionRow, cancel: boolean): Promise<Stripe.Subscription>;
  /**
   * Ends the subscription now, so it never charges again; the provider reports the end with a
   * `customer.subscription.deleted` event. Asking twice for the same subscription is harmless.
   */
  cancelNow(subscription: TProviderSubscription): Promise<void>;
}

/** What ending a subscription needs to know of it. */
export type TProviderSubscription = Pick<
  TSubscriptionRow,
  'userId' | 'stripeSubscriptionId' | 'stripeCustomerId' | 'plan' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
>;
