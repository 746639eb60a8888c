import {
  PAYMENT_CANCEL_PATH,
  PAYMENT_SUCCESS_PATH,
  PLANS,
  TOP_UP_PACKS,
  TOP_UP_SUCCESS_PATH,
  topUpPackLabel,
} from '@prospector/contracts';
import type Stripe from 'stripe';
import type {
  TCheckoutInput,
  TCustomerDetails,
  TPaymentProvider,
  TTopUpCheckoutInput,
} from './payment-provider.ts';

/** Stripe caps an invoice custom field's value at 140 characters. */
const CUSTOM_FIELD_MAX = 140;

/** The VAT number as a custom field of every invoice the customer gets. */
export function vatInvoiceFields(
  company: TCustomerDetails | null,
): Stripe.CustomerCreateParams.InvoiceSettings.CustomField[] {
  const vat = company?.vatNumber?.trim();
  return vat ? [{ name: 'VAT number', value: vat.slice(0, CUSTOM_FIELD_MAX) }] : [];
}

/**
 * Stripe Checkout: subscriptions for the plans, one-off payments for credit packs. Prices come inline
 * from the plan table (`price_data`), so no Stripe price ids need configuring; the user and what they
 * buy ride along as metadata on the session (and on the subscription, or the payment's invoice), where
 * the webhooks read them.
 *
 * A company account's name and VAT number reach Stripe on its customer (`invoice_settings.custom_fields`,
 * printed on every invoice Stripe makes for it), so the customer is created or brought up to date
 * before the checkout that bills it.
 */
export function createStripePaymentProvider(stripe: Stripe, publicUrl: string): TPaymentProvider {
  return {
    kind: 'stripe',
    createCheckout: (input) => createSubscriptionCheckout(stripe, publicUrl, input),
    createTopUpCheckout: (input) => createTopUpCheckout(stripe, publicUrl, input),
    async setCancelAtPeriodEnd(subscription, cancel) {
      if (!subscription.stripeSubscriptionId) throw new Error('The subscription has no Stripe id');
      return stripe.subscriptions.update(subscription.stripeSubscriptionId, { cancel_at_period_end: cancel });
    },
    async cancelNow(subscription) {
      const id = subscription.stripeSubscriptionId;
      if (!id) throw new Error('The subscription has no Stripe id');
      // A retry after a lost response gets Stripe's first answer instead of an error for a cancelled subscription.
      await stripe.subscriptions.cancel(id, undefined, { idempotencyKey: `cancel-now:${id}` });
    },
  };
}

/** A monthly subscription to the plan, priced inline from the plan table. */
async function createSubscriptionCheckout(
  stripe: Stripe,
  publicUrl: string,
  { userId, email, plan, customerId, company }: TCheckoutInput,
): Promise<{ url: string }> {
  const metadata = { userId, plan };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: PLANS[plan].priceCents,
          recurring: { interval: 'month' },
          product_data: { name: `Prospector ${PLANS[plan].label}`, metadata: { plan } },
        },
      },
    ],
    client_reference_id: userId,
    metadata,
    subscription_data: { metadata },
    ...(await customerFor(stripe, { userId, email, customerId, company })),
    success_url: `${publicUrl}${PAYMENT_SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicUrl}${PAYMENT_CANCEL_PATH}`,
  });
  return { url: urlOf(session) };
}

/** A one-off payment for the credit pack, with an invoice. */
async function createTopUpCheckout(
  stripe: Stripe,
  publicUrl: string,
  { userId, email, pack, customerId, company }: TTopUpCheckoutInput,
): Promise<{ url: string }> {
  const metadata = { userId, kind: 'top_up', pack };
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: TOP_UP_PACKS[pack].priceCents,
          product_data: {
            name: `Prospector credit pack — ${topUpPackLabel(TOP_UP_PACKS[pack])}`,
            metadata: { pack },
          },
        },
      },
    ],
    client_reference_id: userId,
    metadata,
    payment_intent_data: { metadata },
    // A one-off payment has no invoice unless asked for; the Billing page lists it with the plans'.
    invoice_creation: {
      enabled: true,
      invoice_data: { metadata, custom_fields: vatInvoiceFields(company) },
    },
    ...(await customerFor(stripe, { userId, email, customerId, company })),
    success_url: `${publicUrl}${TOP_UP_SUCCESS_PATH}`,
    cancel_url: `${publicUrl}${PAYMENT_CANCEL_PATH}`,
  });
  return { url: urlOf(session) };
}

function urlOf(session: Stripe.Checkout.Session): string {
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  return session.url;
}

/** The customer the checkout joins, with the company's details written on it; none for a personal first purchase. */
async function customerFor(
  stripe: Stripe,
  input: {
    userId: string;
    email: string | null;
    customerId: string | null;
    company: TCustomerDetails | null;
  },
): Promise<Pick<Stripe.Checkout.SessionCreateParams, 'customer' | 'customer_email'>> {
  const fields = vatInvoiceFields(input.company);
  const details = {
    ...(input.company?.companyName ? { name: input.company.companyName } : {}),
    // An empty list clears a VAT number the account no longer has.
    invoice_settings: { custom_fields: fields.length > 0 ? fields : ('' as const) },
  };
  if (input.customerId) {
    await stripe.customers.update(input.customerId, details);
    return { customer: input.customerId };
  }
  if (!input.company) return input.email ? { customer_email: input.email } : {};
  const customer = await stripe.customers.create({
    ...details,
    invoice_settings: { custom_fields: fields },
    ...(input.email ? { email: input.email } : {}),
    metadata: { userId: input.userId },
  });
  return { customer: customer.id };
}
