import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { EXTRACTOR_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TRunEngine } from '../../runs/run-engine.ts';
import { createRunsHandlers } from './runs.handlers.ts';
import { runParams, startRunBody } from './runs.routes.ts';

/** The signed-in user's extraction runs: start, list, read, cancel. */
export function createRunsRoutes(engine: TRunEngine, identity: TSessionVerifier) {
  const handlers = createRunsHandlers(engine);
  const signedIn = requireUser(identity);
  return new Hono<{ Variables: TUserVariables }>()
    .post(EXTRACTOR_PATHS.runs, signedIn, startRunBody, (c) => handlers.start(c, c.req.valid('json')))
    .get(EXTRACTOR_PATHS.runs, signedIn, handlers.list)
    .get(EXTRACTOR_PATHS.run, signedIn, runParams, (c) => handlers.detail(c, c.req.valid('param').runId))
    .post(EXTRACTOR_PATHS.cancelRun, signedIn, runParams, (c) =>
      handlers.cancel(c, c.req.valid('param').runId),
    );
}
