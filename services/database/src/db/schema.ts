import { createOutboxTable } from '@prospector/db';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/** Everything the database service stores lives in its own schema (ARCHITECTURE §3). */
export const databaseSchema = pgSchema('database');

export const outbox = createOutboxTable(databaseSchema);

/**
 * Every piece of one or two characters of the lower-case username and e-mail: a search that short
 * (`@>` one piece) is an index lookup. `database.short_search_grams` is created in migration 0003.
 */
export const shortSearchGrams = (table: { instagramUsername: AnyPgColumn; publicEmail: AnyPgColumn }) =>
  sql`database.short_search_grams(${table.instagramUsername}, ${table.publicEmail})`;

/**
 * The spec's instagram_extractions: one saved extraction per user and username (an already
 * extracted username is skipped, spec §5). `extraction_data` keeps the profile as extracted; the
 * typed columns after it are copies of the fields the page filters on (legacy keys already read, see
 * `readExtractionData`), so every filter is an indexed column, not a JSON lookup.
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
    /** The extractor's run item that recorded it (null for records older than the event). */
    itemId: uuid('item_id'),
    fullName: text('full_name'),
    publicEmail: text('public_email'),
    followerCount: integer('follower_count'),
    followingCount: integer('following_count'),
    mediaCount: integer('media_count'),
    isVerified: boolean('is_verified'),
    isPrivate: boolean('is_private'),
    category: text('category'),
    biography: text('biography'),
  },
  (table) => [
    unique('extractions_user_username_unique').on(table.userId, table.instagramUsername),
    unique('extractions_item_id_unique').on(table.itemId),
    // Newest first, id breaking ties: the list's order and the export's. It carries every column a
    // non-text filter reads (INCLUDE, added in the migration's SQL), so a filtered page and its count are index-only scans of the user's rows.
    index('extractions_user_list_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('extractions_user_followers_idx').on(table.userId, table.followerCount),
    index('extractions_user_following_idx').on(table.userId, table.followingCount),
    index('extractions_user_media_idx').on(table.userId, table.mediaCount),
    index('extractions_user_category_idx').on(table.userId, table.category),
    // pg_trgm behind the user id (btree_gin): ILIKE '%…%' on username, e-mail and biography from three
    // characters on, reading only the user's entries.
    index('extractions_user_username_trgm_idx').using(
      'gin',
      table.userId,
      sql`${table.instagramUsername} gin_trgm_ops`,
    ),
    index('extractions_user_email_trgm_idx').using(
      'gin',
      table.userId,
      sql`${table.publicEmail} gin_trgm_ops`,
    ),
    index('extractions_user_biography_trgm_idx').using(
      'gin',
      table.userId,
      sql`${table.biography} gin_trgm_ops`,
    ),
    // A search of one or two characters has no trigram: every 1- and 2-character piece of the username
    // and the e-mail (lower case), behind the user id. The function is created in migration 0003.
    index('extractions_user_short_search_idx').using('gin', table.userId, shortSearchGrams(table)),
  ],
);
