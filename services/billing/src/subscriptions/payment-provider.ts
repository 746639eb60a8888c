import type { TPaidPlanId, TTopUpPackId } from '@prospector/contracts';
import type Stripe from 'stripe';
import type { TSubscriptionRow } from './subscription-view.ts';

/** Who the provider's invoices are made out to: a company's name and VAT number (docs/product.md "Billing page"). */
export interface TCustomerDetails {
  companyName: string | null;
  vatNumber: string | null;
}

interface TBuyer {
  userId: string;
  email: string | null;
  /** The user's existing customer, so a new subscription or payment joins it. */
  customerId: string | null;
  /** A company account's details for the invoices; null for a personal account. */
  company: TCustomerDetails | null;
}

export interface TCheckoutInput extends TBuyer {
  plan: TPaidPlanId;
}

/** A one-off credit pack for a subscriber (a top-up): one payment, no subscription. */
export interface TTopUpCheckoutInput extends TBuyer {
  pack: TTopUpPackId;
}

/**
 * Where payments happen (docs/architecture.md §8): Stripe when STRIPE_SECRET_KEY is set, the sandbox
 * otherwise. Both report what happened as Stripe events through the same webhook handling code.
 */
export interface TPaymentProvider {
  kind: 'stripe' | 'sandbox';
  /** The hosted checkout page the browser goes to. */
  createCheckout(input: TCheckoutInput): Promise<{ url: string }>;
  /**
   * The hosted page of a one-off payment for a credit pack. Its completion reports the pack in the
   * session's metadata, and billing grants it once per checkout session (`stripe-events/top-up-paid.ts`).
   */
  createTopUpCheckout(input: TTopUpCheckoutInput): Promise<{ url: string }>;
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
