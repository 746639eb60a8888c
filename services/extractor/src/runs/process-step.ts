import { setTimeout as sleep } from 'node:timers/promises';
import type { TItemOutcome } from '@prospector/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { extractionRunItems, extractionRunLanes, extractionRuns } from '../db/schema.ts';
import { admitLanes, dropLane, parkLane, runOwnerOf } from './admission.ts';
import { cancelUntakenItems } from './cancel-run.ts';
import { checkAndCharge, refundCharge } from './charge-item.ts';
import type { TItemResult } from './fetch-item-result.ts';
import { fetchUnlessOptedOut } from './fetch-unless-opted-out.ts';
import { finishRun } from './finish-run.ts';
import { extendHoldIfDue } from './keep-hold.ts';
import { planStep } from './plan-step.ts';
import { actorOfRun } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import type { TStepMessage } from './run-messages.ts';
import { enqueueEmailCheck, enqueueRecorded } from './run-outbox.ts';
import { type TItemRow, type TRunRow, toItemEvent, toRun } from './run-reads.ts';

const ACTIVE = ['queued', 'running'] as const;

/** A duplicate step lost the race to commit: its lane already moved on. */
class StaleStepError extends Error {}

/**
 * Handles one step message: decides (plan-step.ts) and does it. Safe to run twice for one message: the
 * item's row, the capture's item key and the lane's step number make every effect happen once.
 */
export async function processStep(deps: TRunDeps, message: TStepMessage): Promise<void> {
  const [[run], lane] = await Promise.all([
    deps.db.select().from(extractionRuns).where(eq(extractionRuns.id, message.runId)),
    readLane(deps, message.runId, message.lane),
  ]);
  if (!run) return;
  const plan = planStep({
    runFinished: !(ACTIVE as readonly string[]).includes(run.status),
    cancelRequested: run.cancelRequested,
    laneAdmitted: lane.admitted,
    messageStep: message.step,
    laneStep: run.laneSteps[message.lane - 1] ?? -1,
    hasOwnItem: lane.ownItemId !== null,
    hasUntakenItem: lane.hasUntakenItem,
    othersPending: lane.othersPending,
  });
  try {
    switch (plan.kind) {
      case 'skip':
        return;
      case 'end-lane':
        return await endLane(deps, message);
      case 'process': {
        // The pause between two accounts spaces provider calls; a step that ends the run, a lane or
        // a cancel has none to space, so it goes at once (a single extraction ends when its account does).
        const wait = message.notBefore - Date.now();
        if (wait > 0) {
          await sleep(Math.min(wait, deps.config.itemDelayMs));
          return await processStep(deps, { ...message, notBefore: 0 });
        }
        const item =
          plan.item === 'own' && lane.ownItemId
            ? await readItem(deps, lane.ownItemId)
            : await takeNextItem(deps, run.id, message.lane);
        // Another lane took the last untaken item meanwhile: plan again on the next delivery.
        if (!item) return void (await requeue(deps, run, message));
        return await processItem(deps, run, item, message);
      }
      case 'cancel':
        await cancelUntakenItems(deps.db, run.id);
        if ((await readLane(deps, run.id, message.lane)).othersPending === 0) await finishRun(deps, run.id);
        else await endLane(deps, message);
        return;
      case 'finish':
        return await finishRun(deps, run.id);
    }
  } catch (error) {
    if (error instanceof StaleStepError) return;
    throw error;
  }
}

/** What the plan needs about the run's pending items, in one round trip. */
async function readLane(deps: TRunDeps, runId: string, lane: number) {
  const rows = await deps.db.execute<{
    admitted: boolean;
    own_item_id: string | null;
    has_untaken: boolean;
    others_pending: number;
  }>(sql`
    select
      exists (select 1 from ${extractionRunLanes} where run_id = ${runId} and lane = ${lane} and admitted)
        as admitted,
      (select id from ${extractionRunItems} where run_id = ${runId} and status = 'pending' and claim_lane = ${lane}
        order by position limit 1) as own_item_id,
      exists (select 1 from ${extractionRunItems} where run_id = ${runId} and status = 'pending' and claim_lane is null)
        as has_untaken,
      (select count(*) from ${extractionRunItems} where run_id = ${runId} and status = 'pending' and claim_lane <> ${lane})::int
        as others_pending`);
  const row = rows[0];
  return {
    admitted: row?.admitted ?? false,
    ownItemId: row?.own_item_id ?? null,
    hasUntakenItem: row?.has_untaken ?? false,
    othersPending: row?.others_pending ?? 0,
  };
}

async function readItem(deps: TRunDeps, id: string): Promise<TItemRow | undefined> {
  const [item] = await deps.db.select().from(extractionRunItems).where(eq(extractionRunItems.id, id));
  return item;
}

/** Takes the first untaken item for this lane (SKIP LOCKED: lanes of one run never take the same one). */
async function takeNextItem(deps: TRunDeps, runId: string, lane: number): Promise<TItemRow | undefined> {
  const rows = await deps.db.execute<{ id: string }>(sql`
    update ${extractionRunItems} set claim_lane = ${lane}
    where id = (
      select id from ${extractionRunItems}
      where run_id = ${runId} and status = 'pending' and claim_lane is null
      order by position limit 1 for update skip locked)
    returning id`);
  const id = rows[0]?.id;
  return id ? readItem(deps, id) : undefined;
}

/**
 * Parks the lane at the same step (it stays current until an item commits) to wait its turn again,
 * after the run's pause; the slot goes to whoever is next (admission.ts).
 */
async function requeue(deps: TRunDeps, run: TRunRow, message: TStepMessage): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await parkLane(tx, run.id, message.lane, Date.now() + deps.config.itemDelayMs);
    await admitLanes(tx, deps.config.stepConcurrency);
  });
}

/** The lane has nothing left to do: it ends and its slot goes to whoever is next. */
async function endLane(deps: TRunDeps, message: TStepMessage): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await dropLane(tx, message);
    await admitLanes(tx, deps.config.stepConcurrency);
  });
}

async function processItem(deps: TRunDeps, run: TRunRow, item: TItemRow, message: TStepMessage) {
  const running = await markRunning(deps, run, item);
  if (!running) return;
  const holdExtended = await extendHoldIfDue(deps, running);
  const result = await resultOf(deps, run, item);
  const { runRow, itemRow } = await commitItem(deps, run, item, message, result, holdExtended).catch(
    async (error: unknown) => {
      if (error instanceof StaleStepError) await giveBackLosingCharge(deps, run, item, result);
      throw error;
    },
  );
  await deps.live.item(actorOfRun(run), toItemEvent(itemRow));
  await deps.live.run(actorOfRun(run), toRun(runRow));
  // The run's last account: close it now rather than on the lane's next step, so a single extraction
  // ends when its account does (that step then finds the run finished and does nothing).
  if (runRow.processed >= runRow.total) await finishRun(deps, run.id);
}

/** The run as running on `item`'s account (browsers told when that changed); undefined once it ended. */
async function markRunning(deps: TRunDeps, run: TRunRow, item: TItemRow): Promise<TRunRow | undefined> {
  const [running] = await deps.db
    .update(extractionRuns)
    .set({ status: 'running', currentUsername: item.username, updatedAt: sql`now()` })
    .where(and(eq(extractionRuns.id, run.id), inArray(extractionRuns.status, ACTIVE)))
    .returning();
  if (running && (run.status !== 'running' || run.currentUsername !== item.username)) {
    await deps.live.run(actorOfRun(run), toRun(running));
  }
  return running;
}

/** What the account came to: fetched unless opted out, and a found e-mail checked and charged. */
async function resultOf(deps: TRunDeps, run: TRunRow, item: TItemRow): Promise<TItemResult> {
  const fetched = await fetchUnlessOptedOut(deps, item.username, {
    websites: run.websites,
    // The rate limiter's turn is the workspace's, as the admission's is (a customer's runs share one).
    userId: runOwnerOf(run),
  });
  return fetched.outcome === 'email_found' ? await checkAndCharge(deps, run, item, fetched) : fetched;
}

/**
 * The item's result, the run's counts and the lane's next step in one transaction, with the record and
 * the pending e-mail check in its outbox; the lane is parked and the freed slot admits the next lane. Throws StaleStepError when another
 * delivery of this step committed first.
 */
function commitItem(
  deps: TRunDeps,
  run: TRunRow,
  item: TItemRow,
  message: TStepMessage,
  result: TItemResult,
  holdExtended: boolean,
) {
  const isError = ERROR_OUTCOMES.includes(result.outcome);
  // Charged with the verdict still out: it is finished after the commit (runs/finish-email-check.ts).
  const checkPending = result.outcome === 'email_found' && result.emailCheck === null;
  return deps.db.transaction(async (tx) => {
    const [runRow] = await tx
      .update(extractionRuns)
      .set({
        processed: sql`${extractionRuns.processed} + 1`,
        emailsFound: sql`${extractionRuns.emailsFound} + ${result.outcome === 'email_found' ? 1 : 0}`,
        emailsUndeliverable: sql`${extractionRuns.emailsUndeliverable} + ${result.emailCheck?.status === 'undeliverable' ? 1 : 0}`,
        errors: sql`${extractionRuns.errors} + ${isError ? 1 : 0}`,
        creditsUsed: sql`${extractionRuns.creditsUsed} + ${result.creditsUsed}`,
        // Only this lane's entry, computed on the locked row: lanes of one run commit side by side.
        laneSteps: sql`${extractionRuns.laneSteps}[1:${message.lane - 1}] || ${message.step + 1}::integer || ${extractionRuns.laneSteps}[${message.lane + 1}:]`,
        ...(holdExtended ? { holdExtendedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(extractionRuns.id, run.id),
          inArray(extractionRuns.status, ACTIVE),
          sql`${extractionRuns.laneSteps}[${message.lane}] = ${message.step}`,
        ),
      )
      .returning();
    const [itemRow] = await tx
      .update(extractionRunItems)
      .set({
        status: 'done',
        outcome: result.outcome,
        message: result.message,
        creditsUsed: result.creditsUsed,
        profile: result.profile,
        emailCheck: result.emailCheck,
        emailCheckPending: checkPending,
        finishedAt: sql`now()`,
      })
      .where(and(eq(extractionRunItems.id, item.id), eq(extractionRunItems.status, 'pending')))
      .returning();
    if (!runRow || !itemRow) throw new StaleStepError();
    if (result.profile) {
      await enqueueRecorded(tx, actorOfRun(run), {
        itemId: item.id,
        runId: run.id,
        username: item.username,
        emailFound: result.outcome === 'email_found',
        creditsUsed: result.creditsUsed,
        extractionData: result.profile,
        emailCheck: result.emailCheck,
      });
    }
    if (checkPending) await enqueueEmailCheck(tx, actorOfRun(run), { itemId: item.id });
    // The lane's next step waits its turn: the freed slot goes to whoever is next, maybe this lane.
    await parkLane(tx, run.id, message.lane, Date.now() + deps.config.itemDelayMs);
    await admitLanes(tx, deps.config.stepConcurrency);
    return { runRow, itemRow };
  });
}

const ERROR_OUTCOMES: readonly TItemOutcome[] = [
  'no_data',
  'insufficient_credits',
  'save_error',
  'api_error',
];

/**
 * Another delivery of this step committed the item first. If it found the e-mail undeliverable (and so
 * charged nothing) while this one charged, the charge has no item to account for it: refund it.
 */
async function giveBackLosingCharge(deps: TRunDeps, run: TRunRow, item: TItemRow, result: TItemResult) {
  if (result.creditsUsed === 0) return;
  const [winner] = await deps.db.select().from(extractionRunItems).where(eq(extractionRunItems.id, item.id));
  const email = winner?.profile?.public_email;
  if (winner?.creditsUsed === 0 && winner.emailCheck?.status === 'undeliverable' && email) {
    await refundCharge(deps, {
      actor: actorOfRun(run),
      runId: run.id,
      item,
      email,
      verdict: winner.emailCheck,
    });
  }
}
