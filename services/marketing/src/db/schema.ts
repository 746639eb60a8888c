import { createServiceSchema } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { boolean, check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Everything the marketing service stores lives in its own schema (docs/architecture.md §3), with its outbox
 * and its audit trail (opt-outs and access requests, never who asked: §15).
 */
export const { schema: marketingSchema, outbox, auditTrail } = createServiceSchema('marketing');

/**
 * The suppression list as received on the public opt-out page: keyed hashes only (HMAC with OPTOUT_KEY),
 * never a username or an address. One row per account; a later request may add the e-mail's hash.
 */
export const optOuts = marketingSchema.table('opt_outs', {
  usernameKey: text('username_key').primaryKey(),
  emailKey: text('email_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
