import { EMAIL_STATUSES, type TEmailCheck } from '@prospector/contracts';
import { createOptOutsTable, createServiceSchema } from '@prospector/db';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Everything the database service stores lives in its own schema (docs/architecture.md §3), with its outbox
 * and its audit trail (the opt-outs, erasures and retention sweeps applied here, as counts: §15).
 */
export const { schema: databaseSchema, outbox, auditTrail } = createServiceSchema('database');

/** The confirmed opt-outs, as heard from `optouts.confirmed`: keyed hashes only (src/opt-outs/). */
export const optOuts = createOptOutsTable(databaseSchema);

/**
 * Per workspace, how many saved records were removed because their owner opted out (the Database page
 * says so), and the credits they had cost, so the workspace's figures still add up. Nothing names the
 * accounts, nor the members (migration 0012 renamed its `user_id`: a personal workspace's id is its user's).
 */
export const optOutRemovals = databaseSchema.table('opt_out_removals', {
  ownerKey: text('owner_key').primaryKey(),
  removed: integer('removed').notNull().default(0),
  creditsUsed: integer('credits_used').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every two-character piece of the lower-case username and e-mail: a search of two characters (`@>`
 * one piece) is an index lookup. `database.short_search_pairs` is created in migration 0003.
 */
export const shortSearchPairs = (table: { instagramUsername: AnyPgColumn; publicEmail: AnyPgColumn }) =>
  sql`database.short_search_pairs(${table.instagramUsername}, ${table.publicEmail})`;

/**
 * The spec's instagram_extractions: one saved extraction per workspace and username (an already
 * extracted username is skipped, docs/product.md §5). `owner_key` is the workspace the record belongs to
 * (docs/architecture.md §17), every query's scope; `user_id` the member whose run extracted it (null once
 * that member erased their account: the record stays with the workspace). `extraction_data` keeps the profile as extracted; the
 * typed columns after it are copies of the fields the page filters on (legacy keys already read, see
 * `readExtractionData`), so every filter is an indexed column, not a JSON lookup.
 */
export const extractions = databaseSchema.table(
  'extractions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerKey: text('owner_key').notNull(),
    userId: text('user_id'),
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
    /** The profile's other distinct addresses after public_email (`other_emails`), shown, not exported. */
    otherEmails: text('other_emails').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The exact page of a linked website the e-mail was read on (`email_provenance.sourceUrl` when its
     * field is `website`); null when the e-mail came from the profile itself, or there is none.
     */
    emailSourceUrl: text('email_source_url'),
    /** The run that recorded it: with `item_id` and the username, the reference of the credit it cost. */
    runId: uuid('run_id'),
    /** The e-mail's last verdict (docs/architecture.md §14); the status is copied out for the filter. */
    emailStatus: text('email_status', { enum: EMAIL_STATUSES }),
    emailCheck: jsonb('email_check').$type<TEmailCheck>(),
    /**
     * Whether the e-mail is a role mailbox (`info@`; `isRoleEmail` in the contracts), read from the
     * address itself so it is known before and without a check; null without an e-mail. A fact apart
     * from the status, for the "Address type" filter.
     */
    emailRole: boolean('email_role'),
    /** The last re-check the user asked for (the profile fetched again, its e-mail checked): one a day. */
    emailRecheckedAt: timestamp('email_rechecked_at', { withTimezone: true }),
    /**
     * When the record's data was fetched: at its extraction, and again at each re-check. Its age, its
     * expiry and the retention sweep go by this, so a re-checked record is kept another period.
     */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('extractions_owner_username_unique').on(table.ownerKey, table.instagramUsername),
    unique('extractions_item_id_unique').on(table.itemId),
    // Newest first, id breaking ties: the list's order and the export's. It carries every column a
    // non-text filter reads (INCLUDE, added in the migrations' SQL), so a filtered page and its count are
    // index-only scans of the workspace's rows.
    index('extractions_owner_list_idx').on(
      table.ownerKey,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The same, of the verified and of the private rows alone (migration 0003 adds the INCLUDE).
    index('extractions_owner_verified_list_idx')
      .on(table.ownerKey, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isVerified} is true`),
    index('extractions_owner_private_list_idx')
      .on(table.ownerKey, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isPrivate} is true`),
    // "Deliverable only" (migration 0006 adds the INCLUDE of the other filters' columns).
    index('extractions_owner_deliverable_list_idx')
      .on(table.ownerKey, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.emailStatus} = 'deliverable'`),
    // A range or a category: only the matching entries, and (INCLUDE, from migration 0003) every other
    // non-text filter's column with the list order's, so its count and page never read the table.
    index('extractions_owner_followers_idx').on(table.ownerKey, table.followerCount),
    index('extractions_owner_following_idx').on(table.ownerKey, table.followingCount),
    index('extractions_owner_media_idx').on(table.ownerKey, table.mediaCount),
    index('extractions_owner_category_idx').on(table.ownerKey, table.category),
    // The retention sweep's oldest-first scan (src/retention/).
    index('extractions_refreshed_at_idx').on(table.refreshedAt),
    // The workspace alone (deduplicated, small): the count of every row of the workspace.
    index('extractions_owner_idx').on(table.ownerKey),
    // "Extracted by": one member's rows of the workspace, in the list order.
    index('extractions_owner_member_list_idx').on(
      table.ownerKey,
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A member's rows in every workspace: the erasure of their account clears them.
    index('extractions_user_idx').on(table.userId),
    // pg_trgm behind the workspace (btree_gin): ILIKE '%…%' on username, e-mail and biography from three
    // characters on, reading only the workspace's entries.
    index('extractions_owner_username_trgm_idx').using(
      'gin',
      table.ownerKey,
      sql`${table.instagramUsername} gin_trgm_ops`,
    ),
    index('extractions_owner_email_trgm_idx').using(
      'gin',
      table.ownerKey,
      sql`${table.publicEmail} gin_trgm_ops`,
    ),
    index('extractions_owner_biography_trgm_idx').using(
      'gin',
      table.ownerKey,
      sql`${table.biography} gin_trgm_ops`,
    ),
    // A search of two characters has no trigram: every two-character piece of the username and the
    // e-mail (lower case), behind the workspace.
    index('extractions_owner_short_search_idx').using('gin', table.ownerKey, shortSearchPairs(table)),
  ],
);

/**
 * Lead lists: named sets of the workspace's saved records (docs/product.md "Lead lists"). A list's name is
 * unique per workspace whatever its case; `user_id` is the member who created it (null once erased).
 */
export const leadLists = databaseSchema.table(
  'lead_lists',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerKey: text('owner_key').notNull(),
    userId: text('user_id'),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lead_lists_owner_name_unique').on(table.ownerKey, sql`lower(${table.name})`),
    index('lead_lists_owner_created_idx').on(table.ownerKey, table.createdAt.desc().nullsFirst()),
    // A member's lists in every workspace: the erasure of their account clears them.
    index('lead_lists_user_idx').on(table.userId),
  ],
);

/**
 * A list's members: one row per (list, saved record), so a list never holds an account twice (a workspace
 * has one record per username). Both keys cascade: a record deleted, opted out or swept by retention leaves
 * every list it was in, and a deleted list takes its rows along.
 */
export const leadListMembers = databaseSchema.table(
  'lead_list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => leadLists.id, { onDelete: 'cascade' }),
    extractionId: uuid('extraction_id')
      .notNull()
      .references(() => extractions.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'lead_list_members_pk', columns: [table.listId, table.extractionId] }),
    // The cascade from a deleted record, and the "In list" filter's reverse lookups.
    index('lead_list_members_extraction_idx').on(table.extractionId),
  ],
);
