import { zValidator } from '@hono/zod-validator';
import { AppError, RUN_SOURCES, TOP_PLAN_MAX_LISTED_ACCOUNTS, ZStartRunRequestSchema } from '@prospector/contracts';
import { z } from 'zod';
import { NO_USERNAME_MESSAGE } from '../../runs/start-run.ts';

/**
 * `POST /api/extractor/runs` takes ZStartRunRequestSchema's shape; usernames are checked by
 * `normalizeRunUsernames` (the client's normalising is done again), so a list with nothing valid gets
 * the spec's "Enter at least one valid username" rather than a schema message.
 */
const ZStartRunBodySchema = z.object({
  // The largest any plan allows; the handler holds each user to their plan's (`maxRunUsernamesOf`).
  usernames: z
    .array(z.string())
    .max(TOP_PLAN_MAX_LISTED_ACCOUNTS, `A run takes at most ${TOP_PLAN_MAX_LISTED_ACCOUNTS} usernames`),
  source: z.enum(RUN_SOURCES),
  sourceDetail: ZStartRunRequestSchema.shape.sourceDetail,
  /** Also look on the websites profiles link to (default true). */
  websites: z.boolean().default(true),
});

export const startRunBody = zValidator('json', ZStartRunBodySchema, (result) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  if (issue?.path[0] === 'usernames' && issue.code !== 'too_big') {
    throw new AppError('VALIDATION_FAILED', NO_USERNAME_MESSAGE);
  }
  throw result.error;
});

export const runParams = zValidator('param', z.object({ runId: z.string() }));
