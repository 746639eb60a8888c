import { createRoute, z } from '@hono/zod-openapi';
import {
  V1_PATHS,
  ZRunSchema,
  ZV1PageQuerySchema,
  ZV1RunResponseSchema,
  ZV1RunResultsSchema,
  ZV1StartRunRequestSchema,
} from '@prospector/contracts';
import { API_KEY_SECURITY, COMMON_PROBLEMS, problemAnswer } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';

const JSON_TYPE = 'application/json';
const runId = z.object({ id: z.string().describe('The run’s id (from `POST /api/v1/runs`).') });
const notFound = problemAnswer(
  'NOT_FOUND: no such run of the key’s owner (another user’s run reads the same).',
);

/**
 * The extractor's slice of /api/v1, each route one object: path, validation and OpenAPI entry at once
 * (the edge's /api/v1/openapi.json reads these same objects). `middleware` is the key check (and, for
 * starting a run, the paywall), given by the service at start.
 */
export function extractorV1Routes(middleware: { key: MiddlewareHandler[]; paywall: MiddlewareHandler }) {
  return {
    startRun: createRoute({
      method: 'post',
      path: V1_PATHS.runs,
      tags: ['Runs'],
      summary: 'Start an extraction run',
      description:
        'Extracts a list of usernames, or the first `limit` accounts a keyword search finds. Credits are ' +
        'held for the accounts not extracted before and one is charged per public e-mail found. Send an ' +
        '`Idempotency-Key` to make a retry safe: the same key and body answer the run the first request ' +
        'started; the same key with another body is refused with 409.',
      security: API_KEY_SECURITY,
      middleware: [...middleware.key, middleware.paywall],
      request: {
        headers: z.object({
          'idempotency-key': z
            .string()
            .min(1)
            .max(255)
            .optional()
            .describe('Any unique string per intended run (a UUID is best); remembered for 24 hours.'),
        }),
        body: { required: true, content: { [JSON_TYPE]: { schema: ZV1StartRunRequestSchema } } },
      },
      responses: {
        202: {
          description: 'Started (or, replayed, the run this key started).',
          content: { [JSON_TYPE]: { schema: ZV1RunResponseSchema } },
        },
        ...COMMON_PROBLEMS,
        402: problemAnswer(
          'INSUFFICIENT_CREDITS ("You need n credits but only have m") or TRIAL_EXPIRED (the trial-expired text).',
        ),
        409: problemAnswer('CONFLICT: the Idempotency-Key was used with another body.'),
        501: problemAnswer('UNSUPPORTED: the data provider cannot search by keyword.'),
        502: problemAnswer('PROVIDER_FAILED: the keyword search failed.'),
      },
    }),
    getRun: createRoute({
      method: 'get',
      path: V1_PATHS.run,
      tags: ['Runs'],
      summary: 'A run: status, counts, credits used',
      security: API_KEY_SECURITY,
      middleware: [...middleware.key],
      request: { params: runId },
      responses: {
        200: { description: 'The run.', content: { [JSON_TYPE]: { schema: ZRunSchema } } },
        ...COMMON_PROBLEMS,
        404: notFound,
      },
    }),
    getRunResults: createRoute({
      method: 'get',
      path: V1_PATHS.runResults,
      tags: ['Runs'],
      summary: 'A run’s accounts, page by page',
      description:
        'In the order they were given; each with its outcome, the profile found and the credits used.',
      security: API_KEY_SECURITY,
      middleware: [...middleware.key],
      request: { params: runId, query: ZV1PageQuerySchema },
      responses: {
        200: { description: 'One page.', content: { [JSON_TYPE]: { schema: ZV1RunResultsSchema } } },
        ...COMMON_PROBLEMS,
        404: notFound,
      },
    }),
  };
}

/** The routes' definitions without handlers: what the edge's /api/v1/openapi.json lists for this service. */
export const EXTRACTOR_V1_ROUTES = Object.values(
  extractorV1Routes({ key: [], paywall: async (_c, next) => next() }),
);
