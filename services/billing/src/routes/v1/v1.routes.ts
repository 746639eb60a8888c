import { createRoute } from '@hono/zod-openapi';
import { V1_PATHS, ZV1CreditsSchema } from '@prospector/contracts';
import { API_KEY_SECURITY, COMMON_PROBLEMS } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';

/** Billing's slice of /api/v1: one object per route (path, validation and OpenAPI entry at once). */
export function billingV1Routes(key: MiddlewareHandler[]) {
  return {
    getCredits: createRoute({
      method: 'get',
      path: V1_PATHS.credits,
      tags: ['Credits'],
      summary: 'The key owner’s credits',
      description: '`available` is what a new run may hold: the balance less what running extractions hold.',
      security: API_KEY_SECURITY,
      middleware: [...key],
      responses: {
        200: { description: 'The credits.', content: { 'application/json': { schema: ZV1CreditsSchema } } },
        ...COMMON_PROBLEMS,
      },
    }),
  };
}

/** The routes' definitions without handlers: what the edge's /api/v1/openapi.json lists for this service. */
export const BILLING_V1_ROUTES = Object.values(billingV1Routes([]));
