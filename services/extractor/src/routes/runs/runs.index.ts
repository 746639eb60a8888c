import { requireUser, type TSessionVerifier } from '@prospector/auth-client';
import { EXTRACTOR_PATHS } from '@prospector/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import type { TToolVariables } from '../../access/require-tool-access.ts';
import type { TRunEngine } from '../../runs/run-engine.ts';
import { createRunsHandlers } from './runs.handlers.ts';
import { runParams, startRunBody } from './runs.routes.ts';

/**
 * The signed-in user's extraction runs: start (behind `paywall`, since a run spends credits), list,
 * read, cancel (open to every user: their own runs, nothing spent).
 */
export function createRunsRoutes(
  engine: TRunEngine,
  identity: TSessionVerifier,
  paywall: MiddlewareHandler<{ Variables: TToolVariables }>,
) {
  const handlers = createRunsHandlers(engine);
  const signedIn = requireUser(identity);
  return new Hono<{ Variables: TToolVariables }>()
    .post(EXTRACTOR_PATHS.runs, signedIn, paywall, startRunBody, (c) =>
      handlers.start(c, c.req.valid('json')),
    )
    .get(EXTRACTOR_PATHS.runs, signedIn, handlers.list)
    .get(EXTRACTOR_PATHS.run, signedIn, runParams, (c) => handlers.detail(c, c.req.valid('param').runId))
    .post(EXTRACTOR_PATHS.cancelRun, signedIn, runParams, (c) =>
      handlers.cancel(c, c.req.valid('param').runId),
    );
}
