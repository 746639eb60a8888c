import { HOLD_STATUSES, TOP_UP_PACK_IDS } from '@prospector/contracts';
import { createServiceSchema } from '@prospector/db';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Everything the billing service stores lives in its own schema (docs/architecture.md §3), with its outbox
 * and its audit trail (the erasures applied here, as counts: §15).
 */
export const { schema: billingSchema, outbox, auditTrail } = createServiceSchema('billing');

/**
 * One row per workspace (docs/architecture.md §17; a personal workspace's id is its user's): the balance
 * and how much of it running extractions hold, shared by every member. The checks are the last line of
 * defence; every write path already guards them (available = balance - held never below 0).
 */
export const creditAccounts = billingSchema.table(
  'credit_accounts',
  {
    ownerKey: text('owner_key').primaryKey(),
    balance: integer('balance').notNull().default(0),
    held: integer('held').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('credit_accounts_balance_non_negative', sql`balance >= 0`),
    check('credit_accounts_held_within_balance', sql`held >= 0 and held <= balance`),
  ],
);

/**
 * The append-only ledger: one row per balance change of a workspace (`owner_key`), naming the member who
 * made it (`user_id`; `FORMER_MEMBER` once they erased their account) and what it paid for
 * (`reference`). `seq` orders a workspace's rows in the order its balance changed (each row is written
 * under the account's row lock), so `balance_after` of a row is the previous row's plus its `amount`.
 */
export const creditTransactions = billingSchema.table(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    ownerKey: text('owner_key').notNull(),
    userId: text('user_id').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    holdId: uuid('hold_id'),
    balanceAfter: integer('balance_after').notNull(),
    /** Plan grants: the plan the invoice paid for and the invoice's date, for the history's words. */
    plan: text('plan'),
    invoiceDate: timestamp('invoice_date', { withTimezone: true }),
    /** Refunds of an undeliverable e-mail's charge: the address and why it cannot receive mail. */
    refundEmail: text('refund_email'),
    refundReason: text('refund_reason'),
    /** Transfers between workspaces: the same id on both sides' rows, and the other workspace. */
    transferId: uuid('transfer_id'),
    counterpartKey: text('counterpart_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_transactions_idempotency_key_unique').on(table.idempotencyKey),
    index('credit_transactions_owner_seq_idx').on(table.ownerKey, table.seq.desc()),
    // A member's captures of a month (their limit, "my usage").
    index('credit_transactions_member_captures_idx')
      .on(table.ownerKey, table.userId, table.createdAt)
      .where(sql`reason = 'capture'`),
    check('credit_transactions_balance_after_non_negative', sql`balance_after >= 0`),
  ],
);

/**
 * The accounts a workspace has paid for: one row per (workspace, Instagram account), written by the
 * capture that charged it. Its key is what makes "one credit per e-mail, once per account, ever" hold
 * even when two members, runs, processes or retries capture the same account: a second capture finds
 * the row and charges nothing (`billing.capture_credits`, migrations 0011, 0016). Each client space
 * has its own, so an agency can extract one account for two clients.
 */
export const chargedAccounts = billingSchema.table(
  'charged_accounts',
  {
    ownerKey: text('owner_key').notNull(),
    account: text('account').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerKey, table.account] })],
);

/**
 * Credits of a workspace (`owner_key`) reserved for one extraction run of a member (`user_id`): captured
 * one by one as e-mails are found, the rest given back on release or when the lease runs out. One hold
 * per run, so a retried hold request returns it.
 */
export const creditHolds = billingSchema.table(
  'credit_holds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerKey: text('owner_key').notNull(),
    userId: text('user_id').notNull(),
    runId: text('run_id').notNull(),
    amount: integer('amount').notNull(),
    captured: integer('captured').notNull().default(0),
    status: text('status', { enum: HOLD_STATUSES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_holds_owner_run_unique').on(table.ownerKey, table.runId),
    // A member's active holds (their monthly limit counts what they hold).
    index('credit_holds_member_active_idx').on(table.ownerKey, table.userId).where(sql`status = 'active'`),
    index('credit_holds_active_expiry_idx').on(table.expiresAt).where(sql`status = 'active'`),
    check('credit_holds_captured_within_amount', sql`captured >= 0 and captured <= amount`),
    check('credit_holds_amount_positive', sql`amount > 0`),
    check('credit_holds_status_known', sql`status in ('active', 'released', 'expired')`),
  ],
);

/**
 * An admin's optional cap on what one member of a workspace may spend in a calendar month (UTC): what
 * they captured this month plus what their active holds reserve (`ledger/member-limits.ts`). A hold
 * locks this row, so concurrent holds of one member are judged one at a time.
 */
export const memberCreditLimits = billingSchema.table(
  'member_credit_limits',
  {
    ownerKey: text('owner_key').notNull(),
    userId: text('user_id').notNull(),
    monthlyLimit: integer('monthly_limit').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerKey, table.userId] }),
    check('member_credit_limits_positive', sql`monthly_limit >= 0`),
  ],
);

/**
 * One row per workspace (`user_id` names it: a personal workspace's id is its owner's user id, so the
 * rows written before workspaces need no move): the Stripe (or sandbox) customer and subscription behind
 * its plan, as the webhooks last described it. Billing is the single writer; account projects it onto
 * the profile. The subscription-side tables below (invoices, replaced subscriptions, sandbox sessions)
 * are keyed the same way.
 */
export const subscriptions = billingSchema.table(
  'subscriptions',
  {
    userId: text('user_id').primaryKey(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    plan: text('plan', { enum: ['package_1', 'package_2', 'package_3'] }).notNull(),
    /** Stripe's subscription status (active, trialing, past_due, canceled, incomplete, ...). */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_stripe_subscription_id_unique').on(table.stripeSubscriptionId),
    index('subscriptions_stripe_customer_id_idx').on(table.stripeCustomerId),
  ],
);

/**
 * The user's invoices as the provider issued them (Stripe's, or the sandbox's), written by the event
 * that reports one paid, in its transaction; a replay rewrites the same row. The Billing page lists
 * them and shows each (the provider's hosted page and PDF when there is one).
 */
export const invoices = billingSchema.table(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** The subscription it bills: its first invoice is the one a plan change paid. */
    subscriptionId: text('subscription_id'),
    /** A plan's period, or a one-off credit pack (its `credits`, no plan). */
    kind: text('kind', { enum: ['plan', 'top_up'] })
      .notNull()
      .default('plan'),
    plan: text('plan', { enum: ['package_1', 'package_2', 'package_3'] }),
    credits: integer('credits'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid', 'open', 'void', 'uncollectible'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
  },
  (table) => [
    index('invoices_user_id_issued_at_idx').on(table.userId, table.issuedAt),
    check(
      'invoices_kind_fields',
      sql`(kind = 'plan' and plan is not null) or (kind = 'top_up' and credits is not null)`,
    ),
  ],
);

/** Webhook events already handled: a replayed event id changes nothing. */
export const stripeEvents = billingSchema.table('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Subscriptions a user moved off by buying another plan (Change Plan ends their period at once; see
 * the README). Billing cancels each at the provider once (`cancelled_at` is set when the provider has
 * done it), and their later subscription events change nothing; an invoice of one that was paid still
 * grants its plan's credits, which this row names when the invoice does not.
 */
export const replacedSubscriptions = billingSchema.table(
  'replaced_subscriptions',
  {
    stripeSubscriptionId: text('stripe_subscription_id').primaryKey(),
    userId: text('user_id').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    plan: text('plan', { enum: ['package_1', 'package_2', 'package_3'] }).notNull(),
    replacedBy: text('replaced_by').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** While in the future, one pass is asking the provider; a pass that died leaves it to run out. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * Who holds the claim: a random token per pass. The event that replaced the subscription claims
     * it in its own transaction, so until it has asked the provider only it does (not the sweeper).
     */
    claimedBy: text('claimed_by'),
  },
  (table) => [
    index('replaced_subscriptions_user_id_idx').on(table.userId),
    index('replaced_subscriptions_pending_idx').on(table.replacedAt).where(sql`cancelled_at is null`),
  ],
);

/**
 * Checkout sessions of the sandbox payment provider (no Stripe key), so an open checkout page and a
 * payment survive a restart. Pay sets `paid_at` (the payment is taken, as Stripe's would be), then
 * applies the purchase's events and sets `applied_at` in one transaction; a session paid but not
 * applied (the process died in between) is applied on the next start. A session leaves once it has
 * expired, unless it is paid and not applied yet.
 */
export const sandboxCheckoutSessions = billingSchema.table(
  'sandbox_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email'),
    /** What is bought: a plan, or a one-off credit pack (exactly one of the two). */
    plan: text('plan', { enum: ['package_1', 'package_2', 'package_3'] }),
    topUpPack: text('top_up_pack', { enum: TOP_UP_PACK_IDS }),
    /** The user's existing customer, so the new subscription joins it. */
    customerId: text('customer_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [
    index('sandbox_checkout_sessions_user_id_idx').on(table.userId),
    index('sandbox_checkout_sessions_unapplied_idx')
      .on(table.paidAt)
      .where(sql`paid_at is not null and applied_at is null`),
    index('sandbox_checkout_sessions_expires_at_idx').on(table.expiresAt),
    check('sandbox_checkout_sessions_buys_one', sql`(plan is null) <> (top_up_pack is null)`),
  ],
);

/**
 * Who invoices are made out to, copied from the account service's `accounts.updated` (the profile is
 * its to write): a company's name and VAT number go to the payment provider's customer, so Stripe's
 * invoices carry them (`subscriptions/customer-details.ts`). `profile_updated_at` orders the copies.
 */
export const billingDetails = billingSchema.table('billing_details', {
  userId: text('user_id').primaryKey(),
  accountType: text('account_type', { enum: ['personal', 'business'] }),
  companyName: text('company_name'),
  vatNumber: text('vat_number'),
  country: text('country'),
  profileUpdatedAt: timestamp('profile_updated_at', { withTimezone: true }).notNull(),
});
