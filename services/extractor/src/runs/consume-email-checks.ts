import type { TSubscription } from '@prospector/bus';
import { startSweepLoop, type TLogger, type TStoppable } from '@prospector/service-kit';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { extractionRunItems, extractionRuns } from '../db/schema.ts';
import { finishEmailCheck } from './finish-email-check.ts';
import { actorOfRun } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import { EMAIL_CHECK_CONSUMER, RUN_SUBJECTS } from './run-messages.ts';
import { enqueueEmailCheck } from './run-outbox.ts';

/**
 * The checks that outlived their run's budget, on the EXTRACTION_JOBS work queue beside the steps. A
 * check that throws (billing unreachable for the refund) is redelivered with backoff; the sweeper
 * below sends again one whose deliveries ran out or whose queue died with the process.
 */
export function consumeEmailChecks(deps: TRunDeps): Promise<TSubscription> {
  return deps.bus.consume(
    {
      durable: EMAIL_CHECK_CONSUMER,
      stream: 'EXTRACTION_JOBS',
      filterSubjects: [RUN_SUBJECTS.checkEmail],
      concurrency: 4,
      ackWaitMs: deps.config.stepAckWaitMs,
      maxDeliver: 50,
    },
    ({ event }) => finishEmailCheck(deps, event.data.itemId),
  );
}

/**
 * Sends pending checks again: those pending longer than `stallAfterMs`, or all of them (`all`, when an
 * in-process queue died with the last process). A check still queued is harmless: one finishes it.
 */
export async function resumeEmailChecks(
  deps: Pick<TRunDeps, 'db' | 'config'>,
  options: { all: boolean },
): Promise<number> {
  const pending = eq(extractionRunItems.emailCheckPending, true);
  const rows = await deps.db
    .select({
      itemId: extractionRunItems.id,
      userId: extractionRuns.userId,
      ownerKey: extractionRuns.ownerKey,
    })
    .from(extractionRunItems)
    .innerJoin(extractionRuns, eq(extractionRuns.id, extractionRunItems.runId))
    .where(
      options.all
        ? pending
        : and(
            pending,
            lt(
              extractionRunItems.finishedAt,
              sql`now() - ${deps.config.stallAfterMs} * interval '1 millisecond'`,
            ),
          ),
    )
    .orderBy(asc(extractionRunItems.finishedAt))
    .limit(500);
  if (rows.length === 0) return 0;
  await deps.db.transaction(async (tx) => {
    for (const row of rows) await enqueueEmailCheck(tx, actorOfRun(row), { itemId: row.itemId });
  });
  return rows.length;
}

/** Looks for stalled checks every `sweepIntervalMs`, beside the run sweeper. */
export function startEmailCheckSweeper(deps: Pick<TRunDeps, 'db' | 'config'>, logger: TLogger): TStoppable {
  return startSweepLoop(async () => {
    try {
      const count = await resumeEmailChecks(deps, { all: false });
      if (count > 0) logger.warn('stalled e-mail checks sent again', { count });
    } catch (error) {
      logger.warn('e-mail check sweep failed', { error });
    }
  }, deps.config.sweepIntervalMs);
}
