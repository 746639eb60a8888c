import { OpenAPIHono } from '@hono/zod-openapi';
import type { TUserVariables } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { AppError } from '@prospector/contracts';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BODY_TOO_LARGE_MESSAGE, DEFAULT_BODY_LIMIT_BYTES } from '../api-guard.ts';
import type { TLogger } from '../logger.ts';
import { createProblemHandler, problemResponse } from './problem.ts';
import { requireApiKey } from './require-api-key.ts';

export type TPublicApiEnv = { Variables: TUserVariables };

/**
 * A service's `/api/v1` slice: an OpenAPIHono app whose routes are its `V1_ENDPOINTS`
 * (`app.openapi(routeOf(V1_ENDPOINTS.getRun, key), handler)`, as every other endpoint). Input that fails
 * its schema and every thrown error answer problem documents.
 */
export function createPublicApi(logger: TLogger) {
  const app = new OpenAPIHono<TPublicApiEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new AppError('VALIDATION_FAILED', result.error.issues[0]?.message ?? 'Invalid request');
      }
    },
  });
  app.onError(createProblemHandler(logger));
  return app;
}

/**
 * What each v1 route starts with: the body limit (the service's API guard covers only its own prefix),
 * then the key. Used as a route's `middleware`, never `app.use`: in embedded mode every service is mounted
 * on one app, and a path-wide middleware would check (and count) a key once per service.
 */
export function publicApiMiddleware(bus: TEventBus, logger: TLogger): MiddlewareHandler[] {
  return [
    bodyLimit({
      maxSize: DEFAULT_BODY_LIMIT_BYTES,
      onError: (c) => problemResponse(c, 413, 'PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE),
    }),
    requireApiKey(bus, logger) as MiddlewareHandler,
  ];
}
