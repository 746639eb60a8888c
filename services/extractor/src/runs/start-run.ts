import { randomUUID } from 'node:crypto';
import {
  AppError,
  BILLING_RPC,
  DATABASE_RPC,
  insufficientCreditsMessage,
  normalizeUsername,
  optedOutMessage,
  RUN_FIRST_USERNAMES,
  type THoldRequest,
  type TRun,
  type TStartRunInput,
} from '@prospector/contracts';
import { sql } from 'drizzle-orm';
import { extractionRunItems, extractionRuns } from '../db/schema.ts';
import { createOptOutCheck } from '../opt-outs/opt-out-check.ts';
import { addLanes, admitLanes } from './admission.ts';
import { lanesFor } from './plan-step.ts';
import { actorOfRun, asRunActor, type TRunActor } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import { type TExtractorTx, toRun } from './run-reads.ts';

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
 * Starts a run for the actor's workspace (a bare user id: their personal one): skips what the workspace already has (database service), then,
 * under a per-workspace lock (so overlapping starts from two tabs, two members, a double click or two
 * processes see each other), skips what another of the workspace's active runs is extracting, holds one
 * credit per account left (billing, from the workspace's credits) and writes the run, its items and its
 * lanes in one transaction, admitting those a free slot takes (admission.ts). A failure after the hold
 * gives it back; a crash there leaves it to the hold's lease. Billing charges an account once per
 * workspace whatever happens here (`billing.charged_accounts`); this keeps the same account from being
 * held and fetched twice.
 */
export async function startRun(
  deps: TRunDeps,
  who: TRunActor | string,
  request: TStartRunInput,
): Promise<TRun> {
  const actor = asRunActor(who);
  const { userId, ownerKey } = actor;
  const usernames = normalizeRunUsernames(request.usernames);
  // Accounts whose owners opted out are refused by each step (no fetch, no charge); a start with
  // nothing else is refused at once.
  const optedOut = await (deps.optOuts ?? createOptOutCheck(deps.db)).optedOut(usernames);
  if (optedOut.size === usernames.length) {
    const [only] = usernames;
    throw new AppError(
      'CONFLICT',
      usernames.length === 1 && only ? optedOutMessage(only) : ALL_OPTED_OUT_MESSAGE,
    );
  }
  const extracted = await deps.bus
    .request(DATABASE_RPC.extracted, { userId, ownerKey, usernames })
    .catch((error: unknown) => {
      deps.logger.warn('already-extracted check failed', { error });
      throw unavailable(error);
    });
  const known = new Set(extracted.extracted);
  const candidates = usernames.filter((username) => !known.has(username));
  const skipped = usernames.filter((username) => known.has(username));
  if (candidates.length === 0) throw nothingToStart(usernames, skipped, []);

  const runId = randomUUID();
  let holdId: string | undefined;
  try {
    const run = await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`extraction-start:${ownerKey}`}, 0))`,
      );
      const busy = await inOtherRuns(tx, ownerKey, candidates);
      const fresh = candidates.filter((username) => !busy.has(username));
      const inOther = candidates.filter((username) => busy.has(username));
      if (fresh.length === 0) throw nothingToStart(usernames, skipped, inOther);

      holdId = await holdCredits(deps, actor, runId, fresh.length);
      const lanes = lanesFor(fresh.length, deps.config.maxLanes);
      const [row] = await tx
        .insert(extractionRuns)
        .values({
          id: runId,
          ownerKey,
          userId,
          source: request.source,
          // Single and batch runs name their usernames; the lists name where they came from.
          sourceDetail:
            request.source === 'single' || request.source === 'batch' ? null : (request.sourceDetail ?? null),
          firstUsernames: fresh.slice(0, RUN_FIRST_USERNAMES),
          websites: request.websites ?? true,
          total: fresh.length,
          skipped,
          inOtherRuns: inOther,
          holdId,
          laneSteps: Array.from({ length: lanes }, () => 0),
        })
        .returning();
      if (!row) throw new Error('The run was not written');
      // One JSON parameter rather than four per account: a 1,000-account batch is one small statement.
      await tx.execute(sql`
        insert into ${extractionRunItems} (id, run_id, position, username)
        select gen_random_uuid(), ${runId}, ordinality - 1, username
        from jsonb_array_elements_text(${JSON.stringify(fresh)}::jsonb) with ordinality as input(username, ordinality)`);
      // The lanes wait their turn for a slot; those that get one now have their first step sent.
      await addLanes(tx, row, lanes);
      await admitLanes(tx, deps.config.stepConcurrency);
      return row;
    });
    const dto = toRun(run);
    await deps.live.run(actorOfRun(run), dto);
    return dto;
  } catch (error) {
    if (holdId) await deps.bus.request(BILLING_RPC.release, { holdId }).catch(() => {});
    throw error;
  }
}

/**
 * Which of these usernames a pending item of another of the workspace's active runs holds (whichever
 * member started it). An untaken item of a run being cancelled does not count: the cancel skips it, so
 * this run takes it.
 */
async function inOtherRuns(tx: TExtractorTx, ownerKey: string, usernames: string[]): Promise<Set<string>> {
  const rows = await tx.execute<{ username: string }>(sql`
    select distinct i.username
    from ${extractionRuns} r
    join ${extractionRunItems} i on i.run_id = r.id and i.status = 'pending'
    where r.owner_key = ${ownerKey} and r.status in ('queued', 'running')
      and (not r.cancel_requested or i.claim_lane is not null)
      and i.username in (select jsonb_array_elements_text(${JSON.stringify(usernames)}::jsonb))`);
  return new Set(rows.map((row) => row.username));
}

/** The refusal when every username is already extracted or in another run. */
function nothingToStart(usernames: string[], skipped: string[], inOther: string[]): AppError {
  const [only] = usernames;
  const message =
    usernames.length === 1 && only
      ? inOther.length === 1
        ? inOtherRunMessage(only)
        : `${only} has already been extracted`
      : inOther.length === 0
        ? 'All usernames already extracted'
        : IN_OTHER_RUNS_MESSAGE;
  return new AppError('ALREADY_EXTRACTED', message, { skipped, inOtherRuns: inOther });
}

export const ALL_OPTED_OUT_MESSAGE = 'Every one of these accounts has asked not to be contacted';

export const inOtherRunMessage = (username: string) =>
  `${username} is already being extracted in another of your runs`;
export const IN_OTHER_RUNS_MESSAGE =
  'All usernames are already extracted or being extracted in another of your runs';

/**
 * What billing is asked to hold: `amount` credits of the actor's workspace for the run, and the member
 * who started it, named (their name, else their e-mail) for the words of a refusal past their monthly
 * limit. The one place the request is built.
 */
export function holdRequestOf(
  actor: TRunActor,
  run: { runId: string; amount: number; leaseMs: number },
): THoldRequest {
  return {
    userId: actor.userId,
    ownerKey: actor.ownerKey,
    amount: run.amount,
    runId: run.runId,
    leaseMs: run.leaseMs,
    answerWithinMs: HOLD_ANSWER_WITHIN_MS,
    ...(actor.memberName ? { memberName: actor.memberName.slice(0, 200) } : {}),
  };
}

/** Billing's hold for `amount` credits, or the refusal the user reads. */
async function holdCredits(deps: TRunDeps, actor: TRunActor, runId: string, amount: number): Promise<string> {
  const answer = await deps.bus
    .request(BILLING_RPC.hold, holdRequestOf(actor, { runId, amount, leaseMs: deps.config.holdLeaseMs }), {
      timeoutMs: HOLD_TIMEOUT_MS,
    })
    .catch((error: unknown) => {
      deps.logger.warn('credit hold failed', { error });
      throw unavailable(error);
    });
  // Billing words a refusal past the member's monthly limit: "Anna has 3 of 50 credits left this month".
  if ('refused' in answer && answer.refused === 'member_limit')
    throw new AppError('MEMBER_LIMIT_REACHED', answer.message);
  if ('refused' in answer) {
    // "You need n credits but only have m"; with nothing at all available the spec has its own message.
    throw new AppError(
      'INSUFFICIENT_CREDITS',
      answer.available === 0
        ? NO_CREDIT_MESSAGE
        : insufficientCreditsMessage(answer.needed, answer.available),
    );
  }
  return answer.hold.holdId;
}
