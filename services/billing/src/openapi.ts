import {
  BILLING_PATHS,
  ZCheckoutRequestSchema,
  ZCheckoutResponseSchema,
  ZCreditBalanceSchema,
  ZCreditHistoryPageSchema,
  ZCreditHistoryQuerySchema,
  ZInvoiceListSchema,
  ZSubscriptionActionResponseSchema,
  ZSubscriptionCheckSchema,
  ZTopUpRequestSchema,
} from '@prospector/contracts';
import { defineApiReference } from '@prospector/service-kit';
import { z } from 'zod';
import { SANDBOX_PATHS } from './routes/sandbox/sandbox.routes.ts';

const SANDBOX_ONLY = 'the sandbox payment provider runs (no STRIPE_SECRET_KEY)';
const ZWebhookReceiptSchema = z.object({
  received: z.literal(true),
  /** True when the event id was handled before: nothing changed this time. */
  duplicate: z.boolean(),
});

/** The billing service's HTTP API (served merged with the others at `/api/docs`). */
export const billingApiReference = defineApiReference({
  service: 'billing',
  description: 'The credit ledger, subscriptions and payments (Stripe, or the offline sandbox).',
  routes: [
    {
      method: 'get',
      path: BILLING_PATHS.credits,
      summary: 'The signed-in user’s credits',
      description:
        'Zeros before any credits were granted. `available` is the balance less what running extractions hold.',
      auth: 'session',
      responses: { 200: { description: 'Balance, available and held.', body: ZCreditBalanceSchema } },
    },
    {
      method: 'get',
      path: BILLING_PATHS.creditHistory,
      summary: 'The credit ledger, newest first',
      auth: 'session',
      query: ZCreditHistoryQuerySchema,
      responses: { 200: { description: 'One page of ledger rows.', body: ZCreditHistoryPageSchema } },
    },
    {
      method: 'get',
      path: BILLING_PATHS.invoices,
      summary: 'The signed-in user’s invoices, newest first',
      description:
        'As the payment provider issued them (Stripe’s, with its hosted page and PDF; the sandbox’s, generated with the same fields).',
      auth: 'session',
      responses: { 200: { description: 'The invoices.', body: ZInvoiceListSchema } },
    },
    {
      method: 'post',
      path: BILLING_PATHS.checkout,
      summary: 'Start a checkout for a paid plan',
      description:
        'Answers the hosted checkout page (Stripe’s, or the sandbox’s) the browser then navigates to.',
      auth: 'session',
      body: ZCheckoutRequestSchema,
      responses: { 200: { description: 'Where to send the browser.', body: ZCheckoutResponseSchema } },
      errors: ['CHECKOUT_FAILED'],
    },
    {
      method: 'post',
      path: BILLING_PATHS.topUp,
      summary: 'Start a checkout for a credit pack (a top-up)',
      description:
        'For a user with an active plan: one payment (Stripe Checkout in `payment` mode, or the sandbox’s page), ' +
        'granted once per checkout session however often its events arrive; back to the Billing page after.',
      auth: 'session',
      body: ZTopUpRequestSchema,
      responses: { 200: { description: 'Where to send the browser.', body: ZCheckoutResponseSchema } },
      errors: ['FORBIDDEN', 'CHECKOUT_FAILED'],
    },
    {
      method: 'get',
      path: BILLING_PATHS.subscription,
      summary: 'Check the subscription',
      auth: 'session',
      responses: {
        200: { description: 'The subscription as the session sees it.', body: ZSubscriptionCheckSchema },
      },
    },
    {
      method: 'post',
      path: BILLING_PATHS.cancel,
      summary: 'Cancel at the end of the period',
      auth: 'session',
      responses: { 200: { description: 'Done (or already so).', body: ZSubscriptionActionResponseSchema } },
      errors: ['NOT_FOUND', 'SUBSCRIPTION_UPDATE_FAILED'],
    },
    {
      method: 'post',
      path: BILLING_PATHS.reactivate,
      summary: 'Reactivate a subscription set to cancel',
      auth: 'session',
      responses: { 200: { description: 'Done (or already so).', body: ZSubscriptionActionResponseSchema } },
      errors: ['NOT_FOUND', 'SUBSCRIPTION_UPDATE_FAILED'],
    },
    {
      method: 'post',
      path: BILLING_PATHS.stripeWebhook,
      summary: 'Stripe’s webhook events',
      description:
        'Verified against the raw body’s signature, idempotent on the event id. Drives subscription state ' +
        'and plan credit grants. Open to other origins: the signature is the proof.',
      auth: 'stripe-signature',
      responses: { 200: { description: 'Received.', body: ZWebhookReceiptSchema } },
      errors: ['BAD_REQUEST'],
    },
    {
      method: 'get',
      path: SANDBOX_PATHS.page,
      summary: 'The sandbox checkout page',
      description: 'A local stand-in for Stripe Checkout, with Pay and Cancel buttons.',
      auth: 'session',
      onlyWhen: SANDBOX_ONLY,
      responses: { 200: { description: 'The page.', contentType: 'text/html' } },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'post',
      path: SANDBOX_PATHS.pay,
      summary: 'Pay a sandbox checkout',
      description:
        'Feeds the same event handling as a Stripe webhook, then returns the browser to the success page.',
      auth: 'session',
      onlyWhen: SANDBOX_ONLY,
      responses: {
        303: {
          description: 'To `/stripe/success?session_id=…` (a credit pack: to the Billing page).',
          headers: { location: 'The success page.' },
        },
      },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'post',
      path: SANDBOX_PATHS.cancel,
      summary: 'Abandon a sandbox checkout',
      auth: 'session',
      onlyWhen: SANDBOX_ONLY,
      responses: {
        303: { description: 'Back to `/pricing`.', headers: { location: 'The pricing screen.' } },
      },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'post',
      path: SANDBOX_PATHS.resendEvents,
      summary: 'Deliver a paid sandbox checkout’s webhook events again',
      description:
        'Each event twice more: under its own id (a retried webhook) and under a new one (the same payment ' +
        'reported again). Nothing is granted or recorded twice; tests use it to prove that.',
      auth: 'session',
      onlyWhen: SANDBOX_ONLY,
      responses: {
        200: {
          description: 'How many events were delivered.',
          body: z.object({ delivered: z.number().int() }),
        },
      },
      errors: ['NOT_FOUND'],
    },
  ],
});
