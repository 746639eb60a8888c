import { z } from 'zod';
import { ZCreditBalanceSchema } from '../billing/credits.ts';
import { ZExtractionFiltersQuerySchema, ZExtractionRowSchema } from '../database/extractions.ts';
import { ZRunItemSchema, ZRunSchema } from '../extractions/runs.ts';
import { MAX_RUN_USERNAMES } from '../extractions/usernames.ts';

/**
 * The public API (docs/architecture.md §12), in OpenAPI's path syntax. Each service serves its own slice
 * (runs: extractor, extractions: database, credits: billing); the edge forwards each prefix to its owner.
 */
export const V1_PATHS = {
  runs: '/api/v1/runs',
  run: '/api/v1/runs/{id}',
  runResults: '/api/v1/runs/{id}/results',
  extractions: '/api/v1/extractions',
  exportExtractions: '/api/v1/extractions/export',
  extraction: '/api/v1/extractions/{id}',
  credits: '/api/v1/credits',
} as const;

export const V1_DOCS_PATHS = { openapi: '/api/v1/openapi.json', page: '/docs/api' } as const;

/** Which service owns which v1 prefix (the distributed edge forwards by these). */
export const V1_PREFIXES = {
  runs: '/api/v1/runs',
  extractions: '/api/v1/extractions',
  credits: '/api/v1/credits',
} as const;

/** Keyword runs take the first `limit` accounts the keyword search finds. */
export const MAX_V1_KEYWORD_LIMIT = 50;
export const V1_PAGE_SIZE_DEFAULT = 50;
export const V1_PAGE_SIZE_MAX = 200;

export const V1_MESSAGES = {
  idempotencyConflict: 'This Idempotency-Key was already used with a different request body.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
  badCursor: 'The cursor is not one this API gave out.',
  runNotFound: 'Run not found',
} as const;

const websites = z
  .boolean()
  .default(true)
  .describe('Also look on the websites a profile links to when it shows no e-mail (default true).');

export const ZV1StartRunRequestSchema = z.union([
  z.object({
    usernames: z
      .array(z.string().min(1).max(100))
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

export const ZV1RunResponseSchema = z.object({ run: ZRunSchema });

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

export const ZV1RunResultsSchema = z.object({
  items: z.array(ZRunItemSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last.'),
});

export const ZV1ExtractionsQuerySchema = ZExtractionFiltersQuerySchema.extend({ cursor, limit });
export type TV1ExtractionsQuery = z.output<typeof ZV1ExtractionsQuerySchema>;

export const ZV1ExtractionPageSchema = z.object({
  items: z.array(ZExtractionRowSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last.'),
});
export type TV1ExtractionPage = z.infer<typeof ZV1ExtractionPageSchema>;

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

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Where each problem type is explained: the API reference's error list. */
export const problemType = (code: string): string => `${V1_DOCS_PATHS.page}#error-${code.toLowerCase()}`;
