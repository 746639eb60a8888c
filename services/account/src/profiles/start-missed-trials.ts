import type { TLogger, TStoppable } from '@prospector/service-kit';
import { and, eq, notExists, notInArray, sql } from 'drizzle-orm';
import { profiles, user } from '../db/schema.ts';
import { getOrCreateProfile } from './get-or-create-profile.ts';
import type { TProfileContext } from './profile-context.ts';

/** How often verified users without a profile are looked for (and once at start). */
export const TRIAL_SWEEP_INTERVAL_MS = 60_000;
const BATCH = 100;
/** Batches one sweep works through at most, so a user whose profile keeps failing cannot hold it. */
const BATCHES_PER_SWEEP = 20;

/**
 * The trial starts when the e-mail is verified (create-auth.ts). A verified user without a profile is
 * one whose start did not happen: the process died between better-auth's update and its hook, or the
 * database failed then, or the user verified before trials started there. Their profile and
 * `accounts.created` are made now, as the hook would have (once per user, whoever gets there first;
 * billing grants the credits once per user whatever it is told). Resolves to how many were started.
 */
export async function startMissedTrials(ctx: TProfileContext, logger: TLogger): Promise<number> {
  let started = 0;
  const failed: string[] = [];
  for (let batch = 0; batch < BATCHES_PER_SWEEP; batch += 1) {
    const rows = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          eq(user.emailVerified, true),
          notExists(ctx.db.select({ one: sql`1` }).from(profiles).where(eq(profiles.userId, user.id))),
          failed.length > 0 ? notInArray(user.id, failed) : undefined,
        ),
      )
      .limit(BATCH);
    for (const { id } of rows) {
      try {
        await getOrCreateProfile(ctx, id);
        started += 1;
      } catch (error) {
        failed.push(id);
        logger.warn('trial of a verified user not started; tried again next sweep', { userId: id, error });
      }
    }
    if (rows.length < BATCH) break;
  }
  return started;
}

/** Runs `startMissedTrials` now and every `intervalMs`, one sweep at a time. */
export function startTrialSweeper(
  ctx: TProfileContext,
  logger: TLogger,
  intervalMs = TRIAL_SWEEP_INTERVAL_MS,
): TStoppable {
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    running ??= startMissedTrials(ctx, logger)
      .then((count) => {
        if (count > 0) logger.info('trials of verified users started by the sweeper', { count });
      })
      .catch((error: unknown) => logger.warn('trial sweep failed', { error }))
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
