import { createRoute, z } from '@hono/zod-openapi';
import {
  V1_PATHS,
  ZExtractionExportQuerySchema,
  ZV1ExtractionPageSchema,
  ZV1ExtractionsQuerySchema,
} from '@prospector/contracts';
import { API_KEY_SECURITY, COMMON_PROBLEMS, problemAnswer } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';

/**
 * The database's slice of /api/v1, each route one object: path, validation and OpenAPI entry at once
 * (the edge's /api/v1/openapi.json reads these same objects). `key` is the API key check.
 */
export function databaseV1Routes(key: MiddlewareHandler[]) {
  return {
    listExtractions: createRoute({
      method: 'get',
      path: V1_PATHS.extractions,
      tags: ['Extractions'],
      summary: 'Saved extractions, page by page',
      description:
        'The Database page’s filters, as query parameters of the same names; newest first. Records saved ' +
        'or deleted between two pages neither repeat nor shift the others.',
      security: API_KEY_SECURITY,
      middleware: [...key],
      request: { query: ZV1ExtractionsQuerySchema },
      responses: {
        200: {
          description: 'One page.',
          content: { 'application/json': { schema: ZV1ExtractionPageSchema } },
        },
        ...COMMON_PROBLEMS,
      },
    }),
    exportExtractions: createRoute({
      method: 'get',
      path: V1_PATHS.exportExtractions,
      tags: ['Extractions'],
      summary: 'Export saved extractions as CSV',
      description:
        'The Database page’s export: the same filters (and optionally `ids`), rows with an e-mail only, the ' +
        'spec’s columns, cells that a spreadsheet would run as formulas neutralised. Streamed.',
      security: API_KEY_SECURITY,
      middleware: [...key],
      request: { query: ZExtractionExportQuerySchema },
      responses: {
        200: { description: 'The CSV file.', content: { 'text/csv': { schema: z.string() } } },
        ...COMMON_PROBLEMS,
        404: problemAnswer('NOT_FOUND: "No data to export" (nothing with an e-mail matches).'),
      },
    }),
    deleteExtraction: createRoute({
      method: 'delete',
      path: V1_PATHS.extraction,
      tags: ['Extractions'],
      summary: 'Delete a saved extraction',
      security: API_KEY_SECURITY,
      middleware: [...key],
      request: { params: z.object({ id: z.string().describe('The record’s id.') }) },
      responses: {
        204: { description: 'Deleted.' },
        ...COMMON_PROBLEMS,
        404: problemAnswer('NOT_FOUND: no such record of the key’s owner (another user’s reads the same).'),
      },
    }),
  };
}

/** The routes' definitions without handlers: what the edge's /api/v1/openapi.json lists for this service. */
export const DATABASE_V1_ROUTES = Object.values(databaseV1Routes([]));
