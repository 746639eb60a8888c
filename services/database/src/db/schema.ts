import { createOutboxTable } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Everything the database service stores lives in its own schema (ARCHITECTURE §3). */
export const databaseSchema = pgSchema('database');

export const outbox = createOutboxTable(databaseSchema);

/**
 * The spec's instagram_extractions: one saved extraction per user and username (an already
 * extracted username is skipped, spec §5). `extraction_data` keeps the profile as extracted.
 */
export const extractions = databaseSchema.table(
  'extractions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id').notNull(),
    instagramUsername: text('instagram_username').notNull(),
    emailFound: boolean('email_found'),
    creditsUsed: integer('credits_used').notNull().default(0),
    extractionData: jsonb('extraction_data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('extractions_user_username_unique').on(table.userId, table.instagramUsername),
    index('extractions_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);
