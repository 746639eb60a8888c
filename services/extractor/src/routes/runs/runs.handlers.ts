import type { TUserVariables } from '@prospector/auth-client';
import { EXTRACTOR_PATHS, type TStartRunRequest } from '@prospector/contracts';
import type { Context } from 'hono';
import type { TRunEngine } from '../../runs/run-engine.ts';
import { runNotFound } from '../../runs/run-store.ts';

type TContext = Context<{ Variables: TUserVariables }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A run id that is not even a uuid is as unknown as any other. */
const checkRunId = (runId: string) => {
  if (!UUID.test(runId)) throw runNotFound();
  return runId;
};

/** Only ever the verified user's runs: the user id comes from the session, never the request. */
export function createRunsHandlers(engine: TRunEngine) {
  return {
    async start(c: TContext, body: TStartRunRequest) {
      const run = await engine.start(c.get('user').userId, body);
      return c.json({ run }, 202, { Location: EXTRACTOR_PATHS.run.replace(':runId', run.id) });
    },
    async list(c: TContext) {
      return c.json({ runs: await engine.list(c.get('user').userId) });
    },
    async detail(c: TContext, runId: string) {
      return c.json(await engine.detail(c.get('user').userId, checkRunId(runId)));
    },
    async cancel(c: TContext, runId: string) {
      return c.json({ run: await engine.cancel(c.get('user').userId, checkRunId(runId)) });
    },
  };
}
