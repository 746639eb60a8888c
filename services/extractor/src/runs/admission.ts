import { createEvent } from '@prospector/contracts';
import { enqueueEvents } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { extractionRunLanes, extractionRuns, outbox } from '../db/schema.ts';
import { actorOfRun } from './run-actor.ts';
import { RUN_SUBJECTS } from './run-messages.ts';
import type { TExtractorTx } from './run-reads.ts';

/*
 * Lanes are admitted, not all enqueued up front. A run's lanes wait in PostgreSQL (extraction_run_lanes,
 * parked) and at most `capacity` of them — the step concurrency, the work queue's cap on steps in flight
 * across processes — are admitted at once: only an admitted lane has a step message on the work queue.
 * Every transaction that frees a slot (a lane's account committed, a lane ended, a run finished) or
 * parks a lane admits the next ones in the same transaction, under one advisory lock shared by every
 * process, so the count of admitted lanes is exact across processes and a crash loses no slot: the
 * slot and the step message come and go together.
 *
 * The turn order is fair per owner first, then per run: a free slot goes to the owner holding the fewest
 * admitted lanes (ties: the one that got a slot longest ago, one that never did first), and among that
 * owner's runs to the one holding the fewest (the same ties). So someone with one step waiting gets the next free slot however many lanes other
 * owners' runs have, and an owner's own runs share that owner's turn.
 */

/**
 * Who owns a run, the key of the admission's fairness (each owner gets an equal share of the slots):
 * its workspace, so a customer's members share one turn however many of them start runs
 * (docs/architecture.md §17). The lanes' `owner_id` is written from it.
 */
export const runOwnerOf = (run: { ownerKey: string }): string => run.ownerKey;

/**
 * One admission at a time, in every process: the count of admitted lanes is then exact. It is held to the
 * commit, so it is taken as late as can be: parking, ending or adding a lane touches only a row no
 * admission would pick (an admitted lane, as every other transaction still sees it, or a new one), so
 * those need not hold it; dropping a run's parked lanes does, first, or an admission picking one of
 * them would wait for that row while its dropper waits for the lock.
 */
const ADMISSION_LOCK = 'extraction-admission';
const lockLanes = (tx: TExtractorTx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${ADMISSION_LOCK}, 0))`);

/** A run's new lanes, parked (the caller admits in the same transaction). */
export async function addLanes(
  tx: TExtractorTx,
  run: { id: string; ownerKey: string },
  lanes: number,
): Promise<void> {
  await tx.insert(extractionRunLanes).values(
    Array.from({ length: lanes }, (_, index) => ({
      runId: run.id,
      lane: index + 1,
      ownerId: runOwnerOf(run),
    })),
  );
}

/**
 * The lane's step is done (its next one waits its turn): back to parked, at the back of its run's turn;
 * its next step waits until `notBefore` (epoch ms, the run's pause) once admitted.
 */
export async function parkLane(
  tx: TExtractorTx,
  runId: string,
  lane: number,
  notBefore: number,
): Promise<void> {
  await lockLanes(tx);
  await tx
    .update(extractionRunLanes)
    .set({ admitted: false, parkedAt: sql`clock_timestamp()`, notBefore: new Date(notBefore) })
    .where(and(eq(extractionRunLanes.runId, runId), eq(extractionRunLanes.lane, lane)));
}

/** Every lane of the run has ended (it finished): their slots are free. */
export async function dropRunLanes(tx: TExtractorTx, runId: string): Promise<void> {
  await lockLanes(tx);
  await tx.delete(extractionRunLanes).where(eq(extractionRunLanes.runId, runId));
}

/**
 * The lane has ended: its slot is free. Only while the lane is still at `step` (a stale copy of a step
 * message never ends a lane that has moved on).
 */
export async function dropLane(tx: TExtractorTx, at: { runId: string; lane: number; step: number }) {
  await tx.execute(sql`
    delete from ${extractionRunLanes} l using ${extractionRuns} r
    where l.run_id = ${at.runId} and l.lane = ${at.lane} and l.admitted and r.id = l.run_id
      and r.lane_steps[${at.lane}] = ${at.step}`);
}

/** Lanes whose run is no longer active (a safety net of the sweeper: finishing a run drops them). */
export async function dropFinishedRunsLanes(tx: TExtractorTx): Promise<void> {
  await lockLanes(tx);
  await tx.execute(sql`
    delete from ${extractionRunLanes} l using ${extractionRuns} r
    where r.id = l.run_id and r.status not in ('queued', 'running')`);
}

/**
 * Admits parked lanes into the free slots, in turn (the module's comment), and puts each one's current
 * step in the outbox. Call it last in a transaction: the lock is held until the commit. Returns how
 * many were admitted.
 */
export async function admitLanes(tx: TExtractorTx, capacity: number): Promise<number> {
  await lockLanes(tx);
  // Water filling: a parked lane's level is what its owner (its run) would hold with it admitted, lanes
  // ranked within the run by waiting time and within the owner by their run's level; lowest level first,
  // and among equals whoever got a slot longest ago (never: first), then whoever has waited longest.
  const admitted = await tx.execute<{
    run_id: string;
    lane: number;
    user_id: string;
    owner_key: string;
    step: number;
    not_before: number;
  }>(sql`
    with runs as (
      select run_id, owner_id, count(*) filter (where admitted)::int as held, max(admitted_at) as last_admitted
      from ${extractionRunLanes} group by run_id, owner_id
    ), owners as (
      select owner_id, sum(held)::int as held, max(last_admitted) as last_admitted from runs group by owner_id
    ), free as (
      select greatest(0, ${capacity}::int - coalesce((select sum(held) from owners), 0))::int as slots
    ), parked as (
      select l.run_id, l.lane, l.owner_id, l.parked_at, r.last_admitted as run_last,
        r.held + row_number() over (partition by l.run_id order by l.parked_at, l.lane) as run_level,
        min(l.parked_at) over (partition by l.run_id) as run_since
      from ${extractionRunLanes} l join runs r on r.run_id = l.run_id
      where not l.admitted
    ), ranked as (
      select p.*, o.last_admitted as owner_last,
        o.held + row_number() over (partition by p.owner_id
          order by p.run_level, p.run_last nulls first, p.run_since, p.run_id, p.parked_at, p.lane) as owner_level,
        min(p.parked_at) over (partition by p.owner_id) as owner_since
      from parked p join owners o on o.owner_id = p.owner_id
    ), chosen as (
      select run_id, lane from ranked
      order by owner_level, owner_last nulls first, owner_since, owner_id,
        run_level, run_last nulls first, run_since, run_id, parked_at, lane
      limit (select slots from free)
    )
    update ${extractionRunLanes} l set admitted = true, admitted_at = clock_timestamp()
    from chosen c, ${extractionRuns} r
    where l.run_id = c.run_id and l.lane = c.lane and r.id = l.run_id
    returning l.run_id, l.lane, r.user_id, r.owner_key, r.lane_steps[l.lane] as step,
      (extract(epoch from l.not_before) * 1000)::float8 as not_before`);
  if (admitted.length === 0) return 0;
  await enqueueEvents(
    tx,
    outbox,
    admitted.map((row) =>
      createEvent(RUN_SUBJECTS.step, actorOfRun({ userId: row.user_id, ownerKey: row.owner_key }), {
        runId: row.run_id,
        lane: row.lane,
        step: row.step,
        notBefore: Math.round(Number(row.not_before)),
      }),
    ),
  );
  return admitted.length;
}
