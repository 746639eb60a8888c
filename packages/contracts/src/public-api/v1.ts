import { z } from 'zod';
import { ZCreditBalanceSchema } from '../billing/credits.ts';
import { ZExtractionFiltersQuerySchema, ZExtractionRowSchema } from '../database/extractions.ts';
import { NOT_CHARGED_REASONS } from '../extractions/item-charge.ts';
import { ZRunItemSchema } from '../extractions/runs.ts';
import { MAX_RUN_USERNAMES } from '../extractions/usernames.ts';
import { MAX_V1_KEYWORD_LIMIT, V1_PAGE_SIZE_DEFAULT, V1_PAGE_SIZE_MAX } from './paths.ts';

/**
 * A username as the API takes it: Instagram's characters (1–30 letters, digits, periods, underscores),
 * with or without `@`, or a link to the profile; the run then applies Instagram's rules in full (no
 * period first or last, none doubled) and skips what breaks them.
 */
export const V1_USERNAME_INPUT_PATTERN =
  /^\s*(?:@?[A-Za-z0-9._]{1,30}|(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram\.com|instagr\.am)\/\S+)\s*$/;
export const V1_USERNAME_INPUT_MESSAGE =
  'Each username is 1–30 letters, digits, periods or underscores, or a profile link';

const websites = z
  .boolean()
  .default(true)
  .describe('Also look on the websites a profile links to when it shows no e-mail (default true).');

export const ZV1StartRunRequestSchema = z.union([
  z.object({
    usernames: z
      .array(z.string().min(1).max(100).regex(V1_USERNAME_INPUT_PATTERN, V1_USERNAME_INPUT_MESSAGE))
      .min(1)
      .max(MAX_RUN_USERNAMES)
      .describe('Instagram usernames, with or without @ or a profile URL; normalised and de-duplicated.'),
    websites,
  }),
  z.object({
    keyword: z.string().trim().min(1).max(100).describe('Searched like the Info Extractor’s keyword tab.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_V1_KEYWORD_LIMIT)
      .describe('How many of the accounts found to extract.'),
    websites,
  }),
]);
export type TV1StartRunRequest = z.output<typeof ZV1StartRunRequestSchema>;

const cursor = z
  .string()
  .max(500)
  .optional()
  .describe('`nextCursor` of the previous page; absent for the first.');
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(V1_PAGE_SIZE_MAX)
  .default(V1_PAGE_SIZE_DEFAULT)
  .describe(`Items per page (at most ${V1_PAGE_SIZE_MAX}).`);

export const ZV1PageQuerySchema = z.object({ cursor, limit });

/** One account of a run as the API gives it: the item, and whether it cost a credit (`itemChargeOf`). */
export const ZV1RunResultItemSchema = ZRunItemSchema.extend({
  charged: z
    .boolean()
    .describe(
      'Whether this account cost a credit. An undeliverable e-mail never does (a credit taken first is refunded).',
    ),
  notChargedReason: z
    .enum(NOT_CHARGED_REASONS)
    .nullable()
    .describe(
      'Why it cost nothing; null when charged. `undeliverable`: its e-mail cannot receive mail. `paid_in_another_run`: already paid for. `no_email`: no e-mail was delivered (none found, no data, opted out, an error, cancelled or out of credits). `pending`: not done yet.',
    ),
});
export type TV1RunResultItem = z.infer<typeof ZV1RunResultItemSchema>;

export const ZV1RunResultsSchema = z.object({
  items: z.array(ZV1RunResultItemSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last.'),
});

export const ZV1ExtractionsQuerySchema = ZExtractionFiltersQuerySchema.extend({ cursor, limit });

export const ZV1ExtractionPageSchema = z.object({
  items: z.array(ZExtractionRowSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last.'),
});

export const ZV1CreditsSchema = ZCreditBalanceSchema;

/** RFC 9457 problem details: `code` is stable, `title` the product's message for it. */
export const ZProblemSchema = z.object({
  type: z.string().describe('A URI reference naming the problem; stable per `code`.'),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  instance: z.string().optional(),
});
export type TProblem = z.infer<typeof ZProblemSchema>;
