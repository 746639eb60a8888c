/** The public API's paths, limits and texts: no schema here, so a page that links to the docs loads no zod. */

/**
 * The public API (docs/architecture.md §12), Hono style like every endpoint's path (the reference writes
 * `:id` as OpenAPI's `{id}`). Each service serves its own slice (runs: extractor, extractions: database,
 * credits: billing); the edge forwards each prefix to its owner.
 */
export const V1_PATHS = {
  runs: '/api/v1/runs',
  run: '/api/v1/runs/:id',
  runResults: '/api/v1/runs/:id/results',
  extractions: '/api/v1/extractions',
  exportExtractions: '/api/v1/extractions/export',
  extraction: '/api/v1/extractions/:id',
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

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Where each problem type is explained: the API reference's error list. */
export const problemType = (code: string): string => `${V1_DOCS_PATHS.page}#error-${code.toLowerCase()}`;
