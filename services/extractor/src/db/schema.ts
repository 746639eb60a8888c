import {
  ITEM_OUTCOMES,
  ITEM_STATUSES,
  RUN_SOURCES,
  RUN_STATUSES,
  type TEmailCheck,
  type TExtractionData,
} from '@prospector/contracts';
import { createOptOutsTable, createServiceSchema } from '@prospector/db';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TFetchProfileResult } from '../providers/provider-port.ts';

/**
 * Everything the extractor service stores lives in its own schema (docs/architecture.md §3), with its outbox
 * and its audit trail (the opt-outs, erasures and retention sweeps applied here, as counts: §15).
 */
export const { schema: extractorSchema, outbox, auditTrail } = createServiceSchema('extractor');

/**
 * The suppression list, as heard from `optouts.recorded` (until the request lapses) and
 * `optouts.confirmed` (for good): keyed hashes only. Every process checks it before every provider call
 * (src/opt-outs/), so a second process refuses an account at once.
 */
export const optOuts = createOptOutsTable(extractorSchema);

const moment = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One extraction run of a workspace (docs: services/extractor/README.md). Its counters change in the
 * same transaction as the item that moves them, so they always agree with the items.
 */
export const extractionRuns = extractorSchema.table(
  'extraction_runs',
  {
    id: uuid('id').primaryKey(),
    /**
     * The workspace the run belongs to (docs/architecture.md §17): every read, cancel and stream is
     * scoped by it. Its items and lanes belong to it through the run.
     */
    ownerKey: text('owner_key').notNull(),
    /** The member who started it (`FORMER_MEMBER` once they erased their account). */
    userId: text('user_id').notNull(),
    source: text('source', { enum: RUN_SOURCES }).notNull(),
    /** The keyword, account or hashtag the usernames came from; null for single and batch runs. */
    sourceDetail: text('source_detail'),
    /** The first usernames given (RUN_FIRST_USERNAMES), so Recent runs can name them. */
    firstUsernames: jsonb('first_usernames').$type<string[]>().notNull().default([]),
    status: text('status', { enum: RUN_STATUSES }).notNull().default('queued'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    emailsFound: integer('emails_found').notNull().default(0),
    /** Of those, the e-mails found undeliverable: never charged (docs/architecture.md §14). */
    emailsUndeliverable: integer('emails_undeliverable').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    creditsUsed: integer('credits_used').notNull().default(0),
    /** Usernames left out because the user already has them. */
    skipped: jsonb('skipped').$type<string[]>().notNull().default([]),
    /** Usernames left out because another of the user's active runs is extracting them. */
    inOtherRuns: jsonb('in_other_runs').$type<string[]>().notNull().default([]),
    /** The billing hold that pays for this run's e-mails. */
    holdId: uuid('hold_id').notNull(),
    /** When the hold's lease was last pushed out. */
    holdExtendedAt: moment('hold_extended_at').notNull().defaultNow(),
    /**
     * One entry per lane (a chain of step messages working on the run): the step the lane is at. A step
     * message whose number is behind its lane's is a duplicate and does nothing (see runs/plan-step.ts).
     */
    laneSteps: integer('lane_steps').array().notNull(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Profiles without an e-mail are also looked up on the websites they link to (src/websites/). */
    websites: boolean('websites').notNull().default(true),
    currentUsername: text('current_username'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    finishedAt: moment('finished_at'),
  },
  (table) => [
    index('extraction_runs_owner_created_idx').on(table.ownerKey, table.createdAt.desc()),
    index('extraction_runs_active_idx').on(table.updatedAt).where(sql`status in ('queued', 'running')`),
    index('extraction_runs_owner_active_idx').on(table.ownerKey).where(sql`status in ('queued', 'running')`),
    // The erasure finds the runs a member started in any workspace.
    index('extraction_runs_user_idx').on(table.userId),
  ],
);

/** One account of a run, in input order (`position`). The row is the truth about the account. */
export const extractionRunItems = extractorSchema.table(
  'extraction_run_items',
  {
    id: uuid('id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => extractionRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    username: text('username').notNull(),
    status: text('status', { enum: ITEM_STATUSES }).notNull().default('pending'),
    outcome: text('outcome', { enum: ITEM_OUTCOMES }),
    message: text('message'),
    creditsUsed: integer('credits_used').notNull().default(0),
    profile: jsonb('profile').$type<TExtractionData>(),
    /** The found e-mail's deliverability verdict (null without an e-mail, or before the check). */
    emailCheck: jsonb('email_check').$type<TEmailCheck>(),
    /**
     * The check outlived the run's time budget: the item was charged and recorded without its verdict,
     * which runs/finish-email-check.ts adds (refunding an undeliverable one) and then clears this.
     */
    emailCheckPending: boolean('email_check_pending').notNull().default(false),
    /** The lane that took the item; a taken item is always finished (a cancel only skips untaken ones). */
    claimLane: integer('claim_lane'),
    finishedAt: moment('finished_at'),
  },
  (table) => [
    uniqueIndex('extraction_run_items_run_position_unique').on(table.runId, table.position),
    index('extraction_run_items_pending_idx').on(table.runId, table.position).where(sql`status = 'pending'`),
    // The checks still to finish, for the sweeper that sends again those whose job was lost.
    index('extraction_run_items_email_check_pending_idx')
      .on(table.finishedAt)
      .where(sql`email_check_pending`),
  ],
);

/**
 * A lane of an active run as the admission sees it (runs/admission.ts): parked (waiting in PostgreSQL
 * for a slot) or admitted (its step is on the work queue or being worked on). At most the step
 * concurrency are admitted at once across processes; a freed slot goes to the owner holding the fewest,
 * then to that owner's run holding the fewest. The row goes when its lane ends or its run finishes.
 * `owner_id` is who owns the run (`runOwnerOf`: its workspace).
 */
export const extractionRunLanes = extractorSchema.table(
  'extraction_run_lanes',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => extractionRuns.id, { onDelete: 'cascade' }),
    lane: integer('lane').notNull(),
    ownerId: text('owner_id').notNull(),
    admitted: boolean('admitted').notNull().default(false),
    /** Since when the lane waits for a slot (its turn among the owner's and the run's parked lanes). */
    parkedAt: moment('parked_at').notNull().defaultNow(),
    /** When the lane last got a slot (kept while parked: whoever was served longest ago goes first). */
    admittedAt: moment('admitted_at'),
    /** The run's pause between two accounts of a lane: the step sent on admission waits until then. */
    notBefore: moment('not_before').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.lane] }),
    index('extraction_run_lanes_admitted_idx').on(table.ownerId).where(sql`admitted`),
  ],
);

/** Fetched profiles, kept briefly so a repeated username costs no provider call. */
export const providerCache = extractorSchema.table(
  'provider_cache',
  {
    provider: text('provider').notNull(),
    username: text('username').notNull(),
    result: jsonb('result').$type<TFetchProfileResult>().notNull(),
    fetchedAt: moment('fetched_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.username] })],
);

/**
 * Pages of linked websites (and their robots.txt), kept 7 days (robots.txt 1 day) so an address read
 * once is not fetched again for every account that links there. `outcome` is `html` (the page, in
 * `body`, and the URL it was read at after redirects, in `finalUrl`) or why it was not read; only
 * lasting refusals are kept, never a timeout or a network failure.
 */
export const websitePages = extractorSchema.table(
  'website_pages',
  {
    url: text('url').primaryKey(),
    kind: text('kind', { enum: ['page', 'robots'] }).notNull(),
    outcome: text('outcome').notNull(),
    finalUrl: text('final_url'),
    body: text('body'),
    fetchedAt: moment('fetched_at').notNull(),
  },
  (table) => [index('website_pages_fetched_idx').on(table.fetchedAt)],
);

/**
 * Politeness across every run and process: the earliest moment the next request to a host may go out.
 * A request reserves its slot by pushing `next_at` one interval on, in one atomic statement
 * (src/websites/http/host-rate-limit.ts).
 */
export const websiteHostSlots = extractorSchema.table('website_host_slots', {
  host: text('host').primaryKey(),
  nextAt: moment('next_at').notNull(),
});

/**
 * `Idempotency-Key`s of `POST /api/v1/runs` (docs/architecture.md §12): the run a key started for a
 * workspace and a hash of the body it came with, so a retry gets the same run and another body with the
 * same key is refused. Kept for a day.
 */
export const apiIdempotencyKeys = extractorSchema.table(
  'api_idempotency_keys',
  {
    ownerKey: text('owner_key').notNull(),
    /** The member whose key sent it. */
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is starting the run (the key is claimed, the run not yet there). */
    runId: uuid('run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerKey, table.key] }),
    index('api_idempotency_keys_user_idx').on(table.userId),
  ],
);
