import { z } from 'zod';
import { ZExtractionExportQuerySchema } from '../database/extractions.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  EMAIL_STATUS_CSV_COLUMN,
  EXTRACTION_CSV_COLUMNS,
  EXTRACTION_CSV_DELIMITER,
} from '../extractions/csv.ts';
import { ZRunSchema } from '../extractions/runs.ts';
import { V1_PATHS } from './paths.ts';
import {
  ZV1CreditsSchema,
  ZV1ExtractionPageSchema,
  ZV1ExtractionsQuerySchema,
  ZV1PageQuerySchema,
  ZV1RunResultsSchema,
  ZV1StartRunRequestSchema,
} from './v1.ts';

const runParams = z.object({ id: z.string().describe('The run’s id (from `POST /api/v1/runs`).') });
const notFoundRun = 'no such run of the key’s owner (another user’s run reads the same).';

/**
 * The public `/api/v1` (docs/architecture.md §12): endpoints like every other (`routeOf` serves them, the
 * edge's /api/v1/openapi.json documents them), authenticated by an API key, so their failures are problem
 * documents and their answers carry the RateLimit headers.
 */
export const V1_ENDPOINTS = {
  startRun: defineEndpoint({
    method: 'post',
    path: V1_PATHS.runs,
    tags: ['Runs'],
    summary: 'Start an extraction run',
    description:
      'Extracts a list of usernames, or the first `limit` accounts a keyword search finds. Credits are ' +
      'held for the accounts not extracted before and one is charged per public e-mail found. Send an ' +
      '`Idempotency-Key` to make a retry safe: the same key and body answer the run the first request ' +
      'started; the same key with another body is refused with 409 `IDEMPOTENCY_KEY_REUSED`.',
    auth: 'api-key',
    headers: z.object({
      'idempotency-key': z
        .string()
        .min(1)
        .max(255)
        .optional()
        .describe('Any unique string per intended run (a UUID is best); remembered for 24 hours.'),
    }),
    body: ZV1StartRunRequestSchema,
    responses: {
      202: {
        description:
          'Started (or, replayed, the run this key started): the run itself, the same shape `GET` answers.',
        body: ZRunSchema,
        headers: {
          Location: 'The run’s own path.',
          'Idempotent-Replayed': '`true` when this answers an earlier request with the same key and body.',
        },
      },
    },
    errors: [
      'INSUFFICIENT_CREDITS',
      'MEMBER_LIMIT_REACHED',
      'TRIAL_EXPIRED',
      'ALREADY_EXTRACTED',
      'CONFLICT',
      'IDEMPOTENCY_KEY_REUSED',
      'IDEMPOTENCY_KEY_IN_USE',
      'UNSUPPORTED',
      'PROVIDER_FAILED',
    ],
    errorNotes: {
      INSUFFICIENT_CREDITS: '"You need n credits but only have m".',
      MEMBER_LIMIT_REACHED: "the key's member is past the monthly credit limit a workspace admin set them.",
      TRIAL_EXPIRED: 'the trial is over and no plan is active.',
      ALREADY_EXTRACTED:
        'every username was already extracted (or is in another running extraction): nothing was started or charged.',
      CONFLICT: 'every account asked not to be contacted (opted out).',
      IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different body.',
      IDEMPOTENCY_KEY_IN_USE:
        'the first request with this Idempotency-Key is still being processed; retry shortly.',
      UNSUPPORTED: 'the data provider cannot search by keyword.',
      PROVIDER_FAILED: 'the keyword search failed.',
    },
  }),
  getRun: defineEndpoint({
    method: 'get',
    path: V1_PATHS.run,
    tags: ['Runs'],
    summary: 'A run: status, counts, credits used',
    auth: 'api-key',
    params: runParams,
    responses: { 200: { description: 'The run.', body: ZRunSchema } },
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: notFoundRun },
  }),
  getRunResults: defineEndpoint({
    method: 'get',
    path: V1_PATHS.runResults,
    tags: ['Runs'],
    summary: 'A run’s accounts, page by page',
    description:
      'In the order they were given; each with its outcome, the profile found and the credits used. The ' +
      'profile carries no `profile_pic_url`: the app serves pictures to its signed-in pages only.',
    auth: 'api-key',
    params: runParams,
    query: ZV1PageQuerySchema,
    responses: { 200: { description: 'One page.', body: ZV1RunResultsSchema } },
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: notFoundRun },
  }),
  listExtractions: defineEndpoint({
    method: 'get',
    path: V1_PATHS.extractions,
    tags: ['Extractions'],
    summary: 'Saved extractions, page by page',
    description:
      'The Database page’s filters, as query parameters of the same names; newest first. Records saved ' +
      'or deleted between two pages neither repeat nor shift the others.',
    auth: 'api-key',
    query: ZV1ExtractionsQuerySchema,
    responses: { 200: { description: 'One page.', body: ZV1ExtractionPageSchema } },
  }),
  exportExtractions: defineEndpoint({
    method: 'get',
    path: V1_PATHS.exportExtractions,
    tags: ['Extractions'],
    summary: 'Export saved extractions as CSV',
    description:
      'The Database page’s export: the same filters (and optionally `ids`), rows with an e-mail only, ' +
      'cells that a spreadsheet would run as formulas neutralised. Streamed. UTF-8 with a byte-order mark, ' +
      `fields separated by \`${EXTRACTION_CSV_DELIMITER}\`, rows ending in LF, a header row of these columns: ` +
      `${EXTRACTION_CSV_COLUMNS.map((column) => `\`${column}\``).join(', ')} (and \`${EMAIL_STATUS_CSV_COLUMN}\` ` +
      'with `includeEmailStatus=true`). Nothing matching answers the header row alone.',
    auth: 'api-key',
    query: ZExtractionExportQuerySchema,
    responses: {
      200: {
        description: `The CSV file (\`${EXTRACTION_CSV_DELIMITER}\` separated).`,
        contentType: 'text/csv',
        headers: { 'Content-Disposition': 'attachment; filename="instagram-extractions-YYYY-MM-DD.csv"' },
      },
    },
  }),
  deleteExtraction: defineEndpoint({
    method: 'delete',
    path: V1_PATHS.extraction,
    tags: ['Extractions'],
    summary: 'Delete a saved extraction',
    auth: 'api-key',
    params: z.object({ id: z.string().describe('The record’s id.') }),
    responses: { 204: { description: 'Deleted.' } },
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: 'no such record of the key’s owner (another user’s reads the same).' },
  }),
  getCredits: defineEndpoint({
    method: 'get',
    path: V1_PATHS.credits,
    tags: ['Credits'],
    summary: 'The key owner’s credits',
    description: '`available` is what a new run may hold: the balance less what running extractions hold.',
    auth: 'api-key',
    responses: { 200: { description: 'The credits.', body: ZV1CreditsSchema } },
  }),
} as const;

/** Every v1 endpoint, in the reference's order. */
export const V1_ENDPOINT_LIST = Object.values(V1_ENDPOINTS);
