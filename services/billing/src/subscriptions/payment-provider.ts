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
 * Where payments happen (ARCHITECTURE §8): Stripe when STRIPE_SECRET_KEY is set, the sandbox
 * otherwise. Both report what happened as Stripe events through the same webhook handling code.
 */
export interface TPaymentProvider {
  kind: 'stripe' | 'sandbox';
  /** The hosted checkout page the browser goes to. */
  createCheckout(input: TCheckoutInput): Promise<{ url: string }>;
  /** Sets whether the subscription ends at its period's end; returns it as the provider now holds it. */
  setCancelAtPeriodEnd(subscription: TSubscriptionRow, cancel: boolean): Promise<Stripe.Subscription>;
}
