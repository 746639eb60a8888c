import type { TSessionVerifier } from '@prospector/auth-client';
import { AppError, EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import type { TToolVariables } from '../../access/require-tool-access.ts';
import type { TRunEngine } from '../../runs/run-engine.ts';
import { NO_USERNAME_MESSAGE } from '../../runs/start-run.ts';
import { createRunsHandlers } from './runs.handlers.ts';

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
  const { app, signedIn } = createSignedInApp<TToolVariables>(identity);
  return app
    .openapi(
      signedIn(EXTRACTOR_ENDPOINTS.startRun, [paywall]),
      (c) => handlers.start(c, c.req.valid('json')),
      (result) => {
        if (result.success) return undefined;
        // Usernames are checked by `normalizeRunUsernames`: a list with nothing valid gets the spec's text.
        const issue = result.error.issues[0];
        if (issue?.path[0] === 'usernames' && issue.code !== 'too_big') {
          throw new AppError('VALIDATION_FAILED', NO_USERNAME_MESSAGE);
        }
        throw result.error;
      },
    )
    .openapi(signedIn(EXTRACTOR_ENDPOINTS.runs), handlers.list)
    .openapi(signedIn(EXTRACTOR_ENDPOINTS.run), (c) => handlers.detail(c, c.req.valid('param').runId))
    .openapi(signedIn(EXTRACTOR_ENDPOINTS.cancelRun), (c) => handlers.cancel(c, c.req.valid('param').runId));
}
