import { createServiceSchema } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Everything the marketing service stores lives in its own schema (docs/architecture.md §3), with its outbox
 * and its audit trail (opt-outs and access requests, never who asked: §15).
 */
export const { schema: marketingSchema, outbox, auditTrail } = createServiceSchema('marketing');

/**
 * The suppression list of confirmed opt-outs (src/opt-out/confirm-opt-out.ts): keyed hashes only (HMAC
 * with OPTOUT_KEY), never a username or an address. One row per account; a later confirmation may add an
 * e-mail's hash.
 */
export const optOuts = marketingSchema.table('opt_outs', {
  usernameKey: text('username_key').primaryKey(),
  emailKey: text('email_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every opt-out sent on the public page, confirmed or not: keyed hashes, the request's bio code (random,
 * about no one) and when it lapses. Unconfirmed requests only block new extractions (docs/product.md §10);
 * `confirmedAt` is set by the owner's link or bio code, and a lapsed request can no longer be confirmed.
 */
export const optOutRequests = marketingSchema.table(
  'opt_out_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    usernameKey: text('username_key').notNull(),
    emailKey: text('email_key'),
    bioCode: text('bio_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** `link` (the mailed link) or `bio` (the code in the bio). */
    confirmedBy: text('confirmed_by'),
  },
  (table) => [
    index('opt_out_requests_expires_at_idx').on(table.expiresAt),
    check('opt_out_requests_confirmed_by', sql`"confirmed_by" is null or "confirmed_by" in ('link', 'bio')`),
  ],
);

/**
 * The public opt-out's per-address limit, shared by every process: one fixed window per client bucket
 * (an IPv4 address, an IPv6 /64), counted with one upsert. Rows of windows long over are swept as new
 * ones are counted.
 */
export const rateLimitWindows = marketingSchema.table(
  'rate_limit_windows',
  {
    bucket: text('bucket').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('rate_limit_windows_started_at_idx').on(table.windowStartedAt)],
);

/** Proofs of work already accepted, until their challenge expires: a proof counts once across processes. */
export const usedChallenges = marketingSchema.table(
  'used_challenges',
  {
    challenge: text('challenge').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_challenges_expires_at_idx').on(table.expiresAt)],
);

/**
 * The consent log: every cookie-banner choice as it was made, never updated (a new choice is a new
 * row). Keyed by a random id the browser keeps, not by a person or an address.
 */
export const consents = marketingSchema.table(
  'consents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    anonymousId: uuid('anonymous_id').notNull(),
    necessary: boolean('necessary').notNull(),
    analytics: boolean('analytics').notNull(),
    marketing: boolean('marketing').notNull(),
    functional: boolean('functional').notNull(),
    policyVersion: text('policy_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consents_anonymous_id_created_at_idx').on(table.anonymousId, table.createdAt),
    // Necessary cookies are not a choice (docs/product.md §2): a row saying otherwise is a bug, refused here too.
    check('consents_necessary_always_on', sql`"necessary"`),
  ],
);
