import { randomUUID } from 'node:crypto';
import {
  AppError,
  BILLING_RPC,
  DATABASE_RPC,
  normalizeUsername,
  type TBalanceResponse,
  type TExtractedResponse,
  type THoldResponse,
  type TRun,
  type TStartRunInput,
} from '@prospector/contracts';
import { sql } from 'drizzle-orm';
import { extractionRunItems, extractionRuns } from '../db/schema.ts';
import { lanesFor } from './plan-step.ts';
import type { TRunDeps } from './run-deps.ts';
import { enqueueSteps } from './run-events.ts';
import { toRun } from './run-store.ts';

export const NO_USERNAME_MESSAGE = 'Enter at least one valid username';
export const EXTRACTION_UNAVAILABLE_MESSAGE = 'Extraction is unavailable right now. Please try again.';
export const NO_CREDIT_MESSAGE = 'You need at least 1 credit to perform an extraction';

/**
 * How long a start waits for billing's hold, and the part of it billing may take to make the hold: a
 * hold made after the start gave up would keep the credits of a run never written until its lease ran
 * out, so billing refuses once its share has passed, leaving the rest for the answer's way back.
 */
const HOLD_TIMEOUT_MS = 5_000;
const HOLD_ANSWER_WITHIN_MS = 4_000;

const unavailable = (cause: unknown) =>
  new AppError('UNAVAILABLE', EXTRACTION_UNAVAILABLE_MESSAGE, {
    reason: cause instanceof AppError ? cause.code : 'error',
  });

/** Normalised, first occurrence only, input order; VALIDATION_FAILED when nothing valid is left. */
export function normalizeRunUsernames(raw: string[]): string[] {
  const usernames = [...new Set(raw.map(normalizeUsername).filter((name): name is string => name !== null))];
  if (usernames.length === 0) throw new AppError('VALIDATION_FAILED', NO_USERNAME_MESSAGE);
  return usernames;
}

/**
 * Starts a run: skips what the user already has (database service), holds one credit per new account
 * (billing), then writes the run, its items and each lane's first step in one transaction. A failure
 * after the hold gives it back; a crash there leaves it to the hold's lease.
 */
export async function startRun(deps: TRunDeps, userId: string, request: TStartRunInput): Promise<TRun> {
  const usernames = normalizeRunUsernames(request.usernames);
  const extracted = await deps.bus
    .request<unknown, TExtractedResponse>(DATABASE_RPC.extracted, { userId, usernames })
    .catch((error: unknown) => {
      deps.logger.warn('already-extracted check failed', { error });
      throw unavailable(error);
    });
  const known = new Set(extracted.extracted);
  const fresh = usernames.filter((username) => !known.has(username));
  const skipped = usernames.filter((username) => known.has(username));
  if (fresh.length === 0) {
    throw new AppError(
      'CONFLICT',
      usernames.length === 1
        ? `${usernames[0]} has already been extracted`
        : 'All usernames already extracted',
      { skipped },
    );
  }

  const runId = randomUUID();
  const { hold } = await deps.bus
    .request<unknown, THoldResponse>(
      BILLING_RPC.hold,
      {
        userId,
        amount: fresh.length,
        runId,
        leaseMs: deps.config.holdLeaseMs,
        answerWithinMs: HOLD_ANSWER_WITHIN_MS,
      },
      { timeoutMs: HOLD_TIMEOUT_MS },
    )
    .catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS') {
        // Billing's refusal says "You need n credits but only have m"; with nothing at all available
        // the spec has its own message. (An error's details do not cross the bus, so ask.)
        const balance = await deps.bus
          .request<unknown, TBalanceResponse>(BILLING_RPC.balance, { userId })
          .catch(() => undefined);
        throw balance?.available === 0 ? new AppError('INSUFFICIENT_CREDITS', NO_CREDIT_MESSAGE) : error;
      }
      deps.logger.warn('credit hold failed', { error });
      throw unavailable(error);
    });

  const lanes = lanesFor(fresh.length, deps.config.maxLanes);
  try {
    const run = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(extractionRuns)
        .values({
          id: runId,
          userId,
          source: request.source,
          websites: request.websites ?? true,
          total: fresh.length,
          skipped,
          holdId: hold.holdId,
          laneSteps: Array.from({ length: lanes }, () => 0),
        })
        .returning();
      if (!row) throw new Error('The run was not written');
      // One JSON parameter rather than four per account: a 1,000-account batch is one small statement.
      await tx.execute(sql`
        insert into ${extractionRunItems} (id, run_id, position, username)
        select gen_random_uuid(), ${runId}, ordinality - 1, username
        from jsonb_array_elements_text(${JSON.stringify(fresh)}::jsonb) with ordinality as input(username, ordinality)`);
      await enqueueSteps(
        tx,
        userId,
        Array.from({ length: lanes }, (_, index) => ({ runId, lane: index + 1, step: 0, notBefore: 0 })),
      );
      return row;
    });
    const dto = toRun(run);
    await deps.live.run(userId, dto);
    return dto;
  } catch (error) {
    await deps.bus.request(BILLING_RPC.release, { holdId: hold.holdId }).catch(() => {});
    throw error;
  }
}
