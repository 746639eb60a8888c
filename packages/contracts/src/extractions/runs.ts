import { z } from 'zod';
import { TOP_PLAN_MAX_LISTED_ACCOUNTS } from './discovery.ts';
import { ZEmailCheckSchema } from './email-check.ts';
import { ZExtractionDataSchema } from './extraction-data.ts';
import { USERNAME_PATTERN } from './usernames.ts';

/** The extractor service's HTTP paths (one table for both sides of the wire). */
export const EXTRACTOR_PATHS = {
  runs: '/api/extractor/runs',
  run: '/api/extractor/runs/:runId',
  cancelRun: '/api/extractor/runs/:runId/cancel',
  /** Server-sent events: the signed-in user's runs as they change. */
  events: '/api/extractor/events',
  /** Which data provider answers, so the page can label sample data. */
  provider: '/api/extractor/provider',
  search: '/api/extractor/search',
  similar: '/api/extractor/similar',
  /** One page of an account's followers or following, or of a hashtag's recent posters. */
  accountLists: '/api/extractor/account-lists',
  /** Profile pictures, served by the extractor (search results and profiles point here). */
  avatar: '/api/extractor/avatars/:key',
} as const;

/** How long a run's source detail (a keyword, an account, a hashtag) may be. */
export const RUN_SOURCE_DETAIL_MAX = 100;
/** How many of a run's first usernames it keeps to be told apart by. */
export const RUN_FIRST_USERNAMES = 3;

export const RUN_SOURCES = [
  'single',
  'batch',
  'keyword',
  'similar',
  'followers',
  'following',
  'hashtag',
] as const;
export type TRunSource = (typeof RUN_SOURCES)[number];

/**
 * `POST /api/extractor/runs`: usernames already normalised by the client (the server checks again).
 * `websites` (default true): for a profile that shows no e-mail, also look on the websites it links to.
 */
export const ZStartRunRequestSchema = z.object({
  /** At most MAX_RUN_USERNAMES, or the plan's list size for a run from a list (`maxRunUsernamesOf`). */
  usernames: z.array(z.string().regex(USERNAME_PATTERN)).min(1).max(TOP_PLAN_MAX_LISTED_ACCOUNTS),
  source: z.enum(RUN_SOURCES),
  /**
   * What the list came from, so Recent runs can tell runs apart: the keyword searched, the account
   * whose similar accounts, followers or following they are, the hashtag. None for single and batch.
   */
  sourceDetail: z.string().trim().min(1).max(RUN_SOURCE_DETAIL_MAX).optional(),
  websites: z.boolean().default(true),
});
/** What the server works with (`websites` filled in). */
export type TStartRunRequest = z.output<typeof ZStartRunRequestSchema>;
/** What a client may send (`websites` optional). */
export type TStartRunInput = z.input<typeof ZStartRunRequestSchema>;

export const RUN_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export type TRunStatus = (typeof RUN_STATUSES)[number];
export const isRunActive = (status: TRunStatus) => status === 'queued' || status === 'running';

/**
 * How one account ended. Each maps to one message (docs/product.md "Checkout, search and extraction"):
 * no_data "No data found for {u}", no_email "No public email found for {u}", insufficient_credits
 * "Insufficient credits for {u}", save_error "Save error for {u}", api_error "API error: {message}".
 */
export const ITEM_OUTCOMES = [
  'email_found',
  'no_email',
  'no_data',
  'insufficient_credits',
  'save_error',
  'api_error',
  'cancelled',
  /** The account's owner opted out on the public page: not fetched, not charged. */
  'opted_out',
] as const;
export type TItemOutcome = (typeof ITEM_OUTCOMES)[number];
export const ITEM_STATUSES = ['pending', 'done'] as const;

export const ZRunItemSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  status: z.enum(ITEM_STATUSES),
  outcome: z.enum(ITEM_OUTCOMES).nullable(),
  /** The per-account message for outcomes other than email_found. */
  message: z.string().nullable(),
  creditsUsed: z.number().int().min(0),
  /** The profile as extracted (email_found and no_email). */
  profile: ZExtractionDataSchema.nullable(),
  /** The found e-mail's deliverability verdict; null without an e-mail or while it is being checked. */
  emailCheck: ZEmailCheckSchema.nullable(),
  /** The check outlived the run's time budget and is being finished (the credit is refunded if undeliverable). */
  emailCheckPending: z.boolean(),
  finishedAt: z.iso.datetime().nullable(),
});
export type TRunItem = z.infer<typeof ZRunItemSchema>;

export const ZRunSchema = z.object({
  id: z.uuid(),
  /**
   * The user id of the workspace member who started the run (docs/architecture.md §17); null once they
   * erased their account. Absent from runs written before workspaces.
   */
  startedBy: z.string().nullable().optional(),
  source: z.enum(RUN_SOURCES),
  /** The keyword, account or hashtag the usernames came from (see the start request); null if none. */
  sourceDetail: z.string().nullable().default(null),
  /** The first usernames the run was given (at most RUN_FIRST_USERNAMES), in input order. */
  firstUsernames: z.array(z.string()).default([]),
  status: z.enum(RUN_STATUSES),
  /** Accounts the run processes (already-extracted ones excluded). */
  total: z.number().int().min(0),
  processed: z.number().int().min(0),
  emailsFound: z.number().int().min(0),
  /** Of those, the e-mails that cannot receive mail: not charged ("Not charged — undeliverable"). */
  emailsUndeliverable: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Of `emailsFound`, the e-mails that cannot receive mail; none of them is charged.'),
  errors: z.number().int().min(0),
  creditsUsed: z.number().int().min(0),
  /** Usernames skipped because the user already has them ("{u} has already been extracted"). */
  skipped: z.array(z.string()),
  /**
   * Usernames skipped because another of the user's active runs is extracting them (a double click, a
   * second tab): that run charges them, at most once.
   */
  inOtherRuns: z.array(z.string()).default([]),
  currentUsername: z.string().nullable(),
  cancelRequested: z.boolean(),
  /** Whether profiles without an e-mail are also looked up on their linked websites. */
  websites: z.boolean(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type TRun = z.infer<typeof ZRunSchema>;

/** One run with its items (`GET /api/extractor/runs/:runId`). */
export const ZRunDetailSchema = ZRunSchema.extend({ items: z.array(ZRunItemSchema) });
export type TRunDetail = z.infer<typeof ZRunDetailSchema>;

/** `GET /api/extractor/runs`: the user's runs, newest first. */
export const ZRunListSchema = z.object({ runs: z.array(ZRunSchema) });
export type TRunList = z.infer<typeof ZRunListSchema>;

/** What the events stream sends: a run's state after each change, and each finished item. */
export const RUN_STREAM_EVENTS = { run: 'run', item: 'item' } as const;
export const ZRunItemEventSchema = ZRunItemSchema.extend({ runId: z.uuid() });
export type TRunItemEvent = z.infer<typeof ZRunItemEventSchema>;
