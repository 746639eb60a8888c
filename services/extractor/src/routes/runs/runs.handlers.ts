import { ownerKeyOf } from '@prospector/auth-client';
import { AppError, EXTRACTOR_PATHS, maxRunUsernamesOf, type TStartRunBody } from '@prospector/contracts';
import { jsonTextResponse, uuidOrNotFound } from '@prospector/service-kit';
import type { Context } from 'hono';
import type { TToolVariables } from '../../access/require-tool-access.ts';
import { actorOfUser } from '../../runs/run-actor.ts';
import type { TRunEngine } from '../../runs/run-engine.ts';
import { RUN_NOT_FOUND_MESSAGE } from '../../runs/run-reads.ts';

type TContext = Context<{ Variables: TToolVariables }>;

const checkRunId = (runId: string) => uuidOrNotFound(runId, RUN_NOT_FOUND_MESSAGE);

/** What a run larger than the user's plan allows is told. */
export const tooManyUsernames = (max: number) => `A run takes at most ${max} usernames`;

/**
 * Only ever the runs of the verified session's workspace (any member's): the workspace and the member
 * come from the session, never the request. Another workspace's run reads as unknown (404).
 */
export function createRunsHandlers(engine: TRunEngine) {
  return {
    async start(c: TContext, body: TStartRunBody) {
      // The plan decides how large a run may be (a list run on the top plan takes 5,000).
      const max = maxRunUsernamesOf(c.get('planLimits'), body.source);
      if (body.usernames.length > max) throw new AppError('VALIDATION_FAILED', tooManyUsernames(max));
      const run = await engine.start(actorOfUser(c.get('user')), body);
      return c.json({ run }, 202, { Location: EXTRACTOR_PATHS.run.replace(':runId', run.id) });
    },
    async list(c: TContext) {
      return c.json({ runs: await engine.list(ownerKeyOf(c.get('user'))) }, 200);
    },
    async detail(c: TContext, runId: string) {
      // The run's JSON as PostgreSQL wrote it (see run-reads.ts).
      return jsonTextResponse(c, await engine.detailJson(ownerKeyOf(c.get('user')), checkRunId(runId)));
    },
    async cancel(c: TContext, runId: string) {
      return c.json({ run: await engine.cancel(ownerKeyOf(c.get('user')), checkRunId(runId)) }, 200);
    },
  };
}
