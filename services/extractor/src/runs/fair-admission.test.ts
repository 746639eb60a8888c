import { natsServerForTests } from '@prospector/bus/testing';
import { describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../providers/sandbox/seeded-random.ts';
import { useExtractorCluster } from './_factories.ts';
import { cancelRun } from './cancel-run.ts';
import { RUN_SUBJECTS } from './run-messages.ts';
import { startRun } from './start-run.ts';

/**
 * "A user with one step waiting gets the next free slot, however many lanes other users' runs hold",
 * end to end: two extractor processes (the real service in child processes, on PostgreSQL and a private
 * NATS server) work N users' runs of random lane counts, more lanes than there are slots; another user
 * starts a single extraction, and the very next lane admitted, in either process, is its — the first
 * step message written after its start. Every lane's step goes through the outbox in the transaction
 * that admitted it, so the outbox's order is the admission order. The seed is printed;
 * `FAIRNESS_SEED` replays one.
 */
const runNats = natsServerForTests('extractor fairness test');
const ROUNDS = 4;
/** Steps in flight across both processes (EXTRACTION_CONCURRENCY, the admission's slots). */
const SLOTS = 6;

describe.skipIf(!runNats)('a single extraction beside other users’ runs', () => {
  const cluster = useExtractorCluster('fairness-test');
  const spawnExtractor = () =>
    cluster.spawn({
      EXTRACTION_ITEM_DELAY_MS: '0',
      EXTRACTION_CONCURRENCY: String(SLOTS),
      CRASH_PROVIDER_LATENCY_MS: '150',
      EXTRACTION_STALL_AFTER_MS: '60000',
    });
  const deps = (maxLanes: number) => {
    const base = cluster.deps();
    return { ...base, config: { ...base.config, maxLanes, stepConcurrency: SLOTS } };
  };
  const lastSeq = async () => {
    const [row] = await cluster.extractorDb.sql<Array<{ seq: number }>>`
      select coalesce(max(seq), 0)::bigint as seq from extractor.outbox`;
    return Number(row?.seq ?? 0);
  };

  it(`admits the single's step at the next free slot, over ${ROUNDS} random rounds on two processes`, async () => {
    const seed = Number(process.env.FAIRNESS_SEED) || Math.floor(Math.random() * 2 ** 31);
    console.info(`fairness: seed ${seed}`);
    const random = seededRandom(String(seed));
    spawnExtractor();
    spawnExtractor();
    for (let round = 0; round < ROUNDS; round += 1) {
      const users = random.int(2, 5);
      const runs: Array<{ userId: string; runId: string; lanes: number }> = [];
      for (let user = 0; user < users; user += 1) {
        const userId = await cluster.newUser(`r${round}-u${user}`, 100);
        // Random lane counts, together always more than the slots: lanes wait their turn.
        const lanes = Math.max(random.int(2, 6), Math.ceil((SLOTS + 1) / users));
        const usernames = Array.from({ length: 60 }, (_, index) => `mail_${seed}_${round}_${user}_${index}`);
        const run = await startRun(deps(lanes), userId, { usernames, source: 'batch' });
        runs.push({ userId, runId: run.id, lanes });
      }
      // The runs are under way (both processes have their steps).
      await vi.waitFor(
        async () => {
          const [row] = await cluster.extractorDb.sql<Array<{ done: number }>>`
            select count(*)::int as done from extractor.extraction_run_items where status = 'done'`;
          expect(row?.done).toBeGreaterThan(SLOTS);
        },
        { timeout: 60_000, interval: 20 },
      );
      const context = `seed ${seed}, round ${round}: ${runs.map((run) => run.lanes).join('+')} lanes`;
      const [waiting] = await cluster.extractorDb.sql<Array<{ parked: number; admitted: number }>>`
        select count(*) filter (where not admitted)::int as parked, count(*) filter (where admitted)::int as admitted
        from extractor.extraction_run_lanes`;
      expect(waiting?.admitted, context).toBe(SLOTS);
      expect(waiting?.parked, context).toBeGreaterThan(0);

      const singleUser = await cluster.newUser(`r${round}-single`, 0);
      const startedAt = performance.now();
      const single = await startRun(deps(1), singleUser, {
        usernames: [`mail_${seed}_${round}_single`],
        source: 'single',
      });
      const mark = await lastSeq();
      await vi.waitFor(
        async () => {
          const [row] = await cluster.extractorDb.sql<Array<{ status: string }>>`
            select status from extractor.extraction_runs where id = ${single.id}`;
          expect(row?.status).toBe('completed');
        },
        { timeout: 30_000, interval: 10 },
      );
      const tookMs = Math.round(performance.now() - startedAt);
      const steps = await cluster.extractorDb.sql<Array<{ run_id: string; seq: number }>>`
        select payload->'data'->>'runId' as run_id, seq from extractor.outbox
        where type = ${RUN_SUBJECTS.step} and seq > ${mark} order by seq`;
      const admittedBeforeMark = await cluster.extractorDb.sql<Array<{ seq: number }>>`
        select seq from extractor.outbox
        where type = ${RUN_SUBJECTS.step} and payload->'data'->>'runId' = ${single.id} and seq <= ${mark}`;
      // Admitted by its own start (a slot was free) or by the first admission after it.
      if (admittedBeforeMark.length === 0) expect(steps[0]?.run_id, context).toBe(single.id);
      console.info(`fairness: ${context}: the single took ${tookMs} ms`);

      for (const run of runs) await cancelRun(cluster.deps(), run.userId, run.runId);
      await vi.waitFor(async () => expect(await cluster.activeRuns()).toEqual([]), {
        timeout: 60_000,
        interval: 100,
      });
      // Nothing left holding a slot or waiting for one.
      const [left] = await cluster.extractorDb.sql<Array<{ lanes: number }>>`
        select count(*)::int as lanes from extractor.extraction_run_lanes`;
      expect(left?.lanes, context).toBe(0);
    }
  }, 600_000);
});
