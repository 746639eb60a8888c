import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZCreditBalanceSchema, ZCreditHistoryPageSchema, ZCreditHistoryQuerySchema } from './credits.ts';
import { ZInvoiceListSchema } from './invoices.ts';
import {
  ZMemberLimitParamsSchema,
  ZMemberUsageListSchema,
  ZMemberUsageSchema,
  ZSetMemberLimitRequestSchema,
} from './member-limits.ts';
import { SANDBOX_CHECKOUT_PATH, SUBSCRIPTION_PATH } from './paths.ts';
import {
  ZCheckoutRequestSchema,
  ZCheckoutResponseSchema,
  ZSubscriptionActionResponseSchema,
  ZSubscriptionCheckSchema,
} from './subscription.ts';
import { ZTopUpRequestSchema } from './top-ups.ts';

const SANDBOX_ONLY = 'the sandbox payment provider runs (no STRIPE_SECRET_KEY)';
const sandboxSession = z.object({ sessionId: z.string() });

const ZWebhookReceiptSchema = z.object({
  received: z.literal(true),
  /** True when the event id was handled before: nothing changed this time. */
  duplicate: z.boolean(),
});

/** The billing service's endpoints: the credit ledger, subscriptions and payments. */
export const BILLING_ENDPOINTS = {
  credits: defineEndpoint({
    method: 'get',
    path: '/api/billing/credits',
    summary: 'The workspace’s credits',
    description:
      'The active workspace’s, shared by its members. Zeros before any credits were granted. `available` is the balance less what running extractions hold.',
    auth: 'session',
    responses: { 200: { description: 'Balance, available and held.', body: ZCreditBalanceSchema } },
  }),
  creditHistory: defineEndpoint({
    method: 'get',
    path: '/api/billing/credits/history',
    summary: 'The workspace’s credit ledger, newest first',
    description: 'Each row names the member who made the change (`memberId`).',
    auth: 'session',
    query: ZCreditHistoryQuerySchema,
    responses: { 200: { description: 'One page of ledger rows.', body: ZCreditHistoryPageSchema } },
  }),
  invoices: defineEndpoint({
    method: 'get',
    path: '/api/billing/invoices',
    summary: 'The workspace’s invoices, newest first (owners)',
    description:
      'As the payment provider issued them (Stripe’s, with its hosted page and PDF; the sandbox’s, generated with the same fields).',
    auth: 'session',
    responses: { 200: { description: 'The invoices.', body: ZInvoiceListSchema } },
    errors: ['FORBIDDEN'],
  }),
  checkout: defineEndpoint({
    method: 'post',
    path: '/api/billing/checkout',
    summary: 'Start a checkout for a paid plan (owners)',
    description:
      'The plan of the active workspace. Answers the hosted checkout page (Stripe’s, or the sandbox’s) the browser then navigates to.',
    auth: 'session',
    body: ZCheckoutRequestSchema,
    responses: { 200: { description: 'Where to send the browser.', body: ZCheckoutResponseSchema } },
    errors: ['FORBIDDEN', 'CHECKOUT_FAILED'],
  }),
  topUp: defineEndpoint({
    method: 'post',
    path: '/api/billing/top-up',
    summary: 'Start a checkout for a credit pack (a top-up; owners)',
    description:
      'For a workspace with an active plan: one payment (Stripe Checkout in `payment` mode, or the sandbox’s page), ' +
      'granted once per checkout session however often its events arrive; back to the Billing page after.',
    auth: 'session',
    body: ZTopUpRequestSchema,
    responses: { 200: { description: 'Where to send the browser.', body: ZCheckoutResponseSchema } },
    errors: ['FORBIDDEN', 'CHECKOUT_FAILED'],
  }),
  subscription: defineEndpoint({
    method: 'get',
    path: SUBSCRIPTION_PATH,
    summary: 'Check the workspace’s subscription',
    description: 'Every member may read the plan their workspace spends under.',
    auth: 'session',
    responses: {
      200: { description: 'The subscription as the session sees it.', body: ZSubscriptionCheckSchema },
    },
  }),
  cancel: defineEndpoint({
    method: 'post',
    path: '/api/billing/subscription/cancel',
    summary: 'Cancel at the end of the period (owners)',
    auth: 'session',
    responses: { 200: { description: 'Done (or already so).', body: ZSubscriptionActionResponseSchema } },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'SUBSCRIPTION_UPDATE_FAILED'],
  }),
  reactivate: defineEndpoint({
    method: 'post',
    path: '/api/billing/subscription/reactivate',
    summary: 'Reactivate a subscription set to cancel (owners)',
    auth: 'session',
    responses: { 200: { description: 'Done (or already so).', body: ZSubscriptionActionResponseSchema } },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'SUBSCRIPTION_UPDATE_FAILED'],
  }),
  myUsage: defineEndpoint({
    method: 'get',
    path: '/api/billing/member-usage/me',
    summary: 'The signed-in member’s credits this month, and their limit',
    description:
      'What the member captured this calendar month (UTC) and what their running extractions hold, in the active workspace.',
    auth: 'session',
    responses: { 200: { description: 'The member’s month.', body: ZMemberUsageSchema } },
  }),
  memberUsage: defineEndpoint({
    method: 'get',
    path: '/api/billing/member-usage',
    summary: 'Every member’s credits this month, with their limits (owners and admins)',
    description: 'Members with a limit or any use this calendar month (UTC).',
    auth: 'session',
    responses: { 200: { description: 'The members’ months.', body: ZMemberUsageListSchema } },
    errors: ['FORBIDDEN'],
  }),
  setMemberLimit: defineEndpoint({
    method: 'put',
    path: '/api/billing/member-limits/:memberId',
    summary: 'Set a member’s monthly credit limit (owners and admins)',
    description:
      'A hold that would take the member past it is refused. Two admins setting it at once: the last write wins.',
    auth: 'session',
    params: ZMemberLimitParamsSchema,
    body: ZSetMemberLimitRequestSchema,
    responses: { 200: { description: 'The member’s month under the new limit.', body: ZMemberUsageSchema } },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  clearMemberLimit: defineEndpoint({
    method: 'delete',
    path: '/api/billing/member-limits/:memberId',
    summary: 'Remove a member’s monthly credit limit (owners and admins)',
    auth: 'session',
    params: ZMemberLimitParamsSchema,
    responses: { 204: { description: 'Removed (or there was none).' } },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  stripeWebhook: defineEndpoint({
    method: 'post',
    path: '/api/billing/webhooks/stripe',
    summary: 'Stripe’s webhook events',
    description:
      'Verified against the raw body’s signature, idempotent on the event id. Drives subscription state ' +
      'and plan credit grants. Open to other origins: the signature is the proof.',
    auth: 'stripe-signature',
    rawBody: { contentType: 'application/json', description: 'A Stripe event, read raw for its signature.' },
    responses: { 200: { description: 'Received.', body: ZWebhookReceiptSchema } },
    errors: ['BAD_REQUEST'],
  }),
} as const;

/** The sandbox's hosted checkout (no STRIPE_SECRET_KEY): its page, and its Pay and Cancel forms. */
export const SANDBOX_CHECKOUT_ENDPOINTS = {
  page: defineEndpoint({
    method: 'get',
    path: `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
    summary: 'The sandbox checkout page',
    description: 'A local stand-in for Stripe Checkout, with Pay and Cancel buttons.',
    auth: 'session',
    params: sandboxSession,
    onlyWhen: SANDBOX_ONLY,
    responses: { 200: { description: 'The page.', contentType: 'text/html' } },
    errors: ['NOT_FOUND'],
  }),
  pay: defineEndpoint({
    method: 'post',
    path: `${SANDBOX_CHECKOUT_PATH}/:sessionId/pay`,
    summary: 'Pay a sandbox checkout',
    description:
      'Feeds the same event handling as a Stripe webhook, then returns the browser to the success page.',
    auth: 'session',
    params: sandboxSession,
    onlyWhen: SANDBOX_ONLY,
    responses: {
      303: {
        description: 'To `/stripe/success?session_id=…` (a credit pack: to the Billing page).',
        headers: { location: 'The success page.' },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  cancel: defineEndpoint({
    method: 'post',
    path: `${SANDBOX_CHECKOUT_PATH}/:sessionId/cancel`,
    summary: 'Abandon a sandbox checkout',
    auth: 'session',
    params: sandboxSession,
    onlyWhen: SANDBOX_ONLY,
    responses: {
      303: { description: 'Back to `/pricing`.', headers: { location: 'The pricing screen.' } },
    },
    errors: ['NOT_FOUND'],
  }),
  /** A paid session's webhook events delivered again (retried and duplicated), as tests need. */
  resendEvents: defineEndpoint({
    method: 'post',
    path: `${SANDBOX_CHECKOUT_PATH}/:sessionId/resend-events`,
    summary: 'Deliver a paid sandbox checkout’s webhook events again',
    description:
      'Each event twice more: under its own id (a retried webhook) and under a new one (the same payment ' +
      'reported again). Nothing is granted or recorded twice; tests use it to prove that.',
    auth: 'session',
    params: sandboxSession,
    onlyWhen: SANDBOX_ONLY,
    responses: {
      200: {
        description: 'How many events were delivered.',
        body: z.object({ delivered: z.number().int() }),
      },
    },
    errors: ['NOT_FOUND'],
  }),
} as const;
