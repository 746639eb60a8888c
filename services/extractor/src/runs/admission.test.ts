import { randomUUID } from 'node:crypto';
import type { TDatabase } from '@prospector/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExtractorTestDatabase } from '../_migrated-database.ts';
import { seededRandom, type TRandom } from '../providers/sandbox/seeded-random.ts';
import { addLanes, admitLanes, parkLane } from './admission.ts';
import { RUN_SUBJECTS } from './run-messages.ts';

/**
 * The admission's turn order as a property, on PostgreSQL: for random owners, runs and lane counts, the
 * free slots are shared per owner first and per run within an owner (no owner with a lane waiting holds
 * two fewer than another, nor a run than its owner's other runs), every freed slot goes to an owner
 * holding the fewest, and an owner who starts a single extraction gets the very next free slot however
 * many lanes the others' runs hold. The seed is printed; `ADMISSION_SEED` replays one.
 */
const SCENARIOS = 12;
const TURNS = 40;

describe('lane admission', () => {
  let database: TDatabase;
  let db: TDatabase['db'];
  beforeAll(async () => {
    database = await createExtractorTestDatabase();
    db = database.db as unknown as TDatabase['db'];
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database.sql`delete from extractor.extraction_runs`;
    await database.sql`delete from extractor.outbox`;
  });

  /**
   * A running run of the workspace `owner` with `lanes` lanes, all parked, each lane at a random step,
   * started by `member` (the workspace's own user by default).
   */
  async function addRun(random: TRandom, owner: string, lanes: number, member = owner): Promise<string> {
    const id = randomUUID();
    const steps = Array.from({ length: lanes }, () => random.int(0, 20));
    await database.sql`insert into extractor.extraction_runs (id, owner_key, user_id, source, status, total, hold_id, lane_steps)
      values (${id}, ${owner}, ${member}, 'batch', 'running', 100, ${randomUUID()}, ${`{${steps.join(',')}}`})`;
    await db.transaction((tx) => addLanes(tx, { id, ownerKey: owner }, lanes));
    return id;
  }

  interface TLaneRow {
    run_id: string;
    lane: number;
    owner_id: string;
    admitted: boolean;
  }
  const lanes = () =>
    database.sql<TLaneRow[]>`
      select run_id, lane, owner_id, admitted from extractor.extraction_run_lanes`;
  const heldBy = (rows: TLaneRow[], key: (row: TLaneRow) => string) => {
    const held = new Map<string, number>();
    const waiting = new Set<string>();
    for (const row of rows) {
      held.set(key(row), (held.get(key(row)) ?? 0) + (row.admitted ? 1 : 0));
      if (!row.admitted) waiting.add(key(row));
    }
    return { held, waiting };
  };

  /** Max-min: whoever still has a lane waiting holds at least the most anyone holds, less one. */
  function expectShared(rows: TLaneRow[], key: (row: TLaneRow) => string, context: string) {
    const { held, waiting } = heldBy(rows, key);
    const most = Math.max(...held.values());
    for (const owner of waiting) expect(held.get(owner), context).toBeGreaterThanOrEqual(most - 1);
  }

  async function scenario(seed: number) {
    const random = seededRandom(String(seed));
    const context = `seed ${seed}`;
    const owners = Array.from({ length: random.int(1, 6) }, (_, index) => `owner-${seed}-${index}`);
    let total = 0;
    for (const owner of owners) {
      for (let run = random.int(1, 3); run > 0; run -= 1) {
        const count = random.int(1, 10);
        total += count;
        await addRun(random, owner, count);
      }
    }
    const capacity = random.int(1, total + 2);
    const admitted = await db.transaction((tx) => admitLanes(tx, capacity));
    expect(admitted, context).toBe(Math.min(capacity, total));

    const rows = await lanes();
    expectShared(rows, (row) => row.owner_id, context);
    for (const owner of owners) {
      expectShared(
        rows.filter((row) => row.owner_id === owner),
        (row) => row.run_id,
        `${context}, ${owner}`,
      );
    }
    // Each admitted lane's current step went to the outbox, once.
    const sent = await database.sql<Array<{ run_id: string; lane: number; step: number; user_id: string }>>`
      select payload->'data'->>'runId' as run_id, (payload->'data'->>'lane')::int as lane,
        (payload->'data'->>'step')::int as step, payload->>'userId' as user_id
      from extractor.outbox where type = ${RUN_SUBJECTS.step}`;
    const steps = await database.sql<Array<{ run_id: string; lane: number; step: number; user_id: string }>>`
      select l.run_id, l.lane, r.lane_steps[l.lane] as step, r.user_id
      from extractor.extraction_run_lanes l join extractor.extraction_runs r on r.id = l.run_id
      where l.admitted`;
    const key = (row: { run_id: string; lane: number; step: number; user_id: string }) =>
      `${row.run_id}/${row.lane}/${row.step}/${row.user_id}`;
    expect(sent.map(key).sort(), context).toEqual(steps.map(key).sort());
    return { random, capacity, total, owners };
  }

  it("shares the slots per workspace, not per member: a customer's members share one turn", async () => {
    const random = seededRandom('workspace-turns');
    const [ada, bob] = [await addRun(random, 'agency', 4, 'ada'), await addRun(random, 'agency', 4, 'bob')];
    const solo = await addRun(random, 'solo', 4);
    expect(await db.transaction((tx) => admitLanes(tx, 4))).toBe(4);
    const rows = await lanes();
    const heldByRun = heldBy(rows, (row) => row.run_id).held;
    // Per member, three owners would split four slots 2/1/1 and the agency would hold three.
    expect(heldBy(rows, (row) => row.owner_id).held).toEqual(
      new Map([
        ['agency', 2],
        ['solo', 2],
      ]),
    );
    expect([heldByRun.get(ada), heldByRun.get(bob), heldByRun.get(solo)]).toEqual([1, 1, 2]);
    // Each step sent names the member who started its run and the workspace.
    const sent = await database.sql<Array<{ run_id: string; user_id: string; owner_key: string }>>`
      select payload->'data'->>'runId' as run_id, payload->>'userId' as user_id, payload->>'ownerKey' as owner_key
      from extractor.outbox where type = ${RUN_SUBJECTS.step} and payload->'data'->>'runId' = ${ada}`;
    expect(sent).toEqual([{ run_id: ada, user_id: 'ada', owner_key: 'agency' }]);
  });

  it(`shares the slots per owner first, then per run (${SCENARIOS} random scenarios)`, async () => {
    const firstSeed = Number(process.env.ADMISSION_SEED) || Math.floor(Math.random() * 2 ** 31);
    console.info(`admission: first seed ${firstSeed}`);
    for (let seed = firstSeed; seed < firstSeed + SCENARIOS; seed += 1) {
      await database.sql`delete from extractor.extraction_runs`;
      await database.sql`delete from extractor.outbox`;
      await scenario(seed);
    }
  }, 120_000);

  it(`gives each freed slot to an owner holding the fewest, a newcomer's single the very next (${SCENARIOS} scenarios)`, async () => {
    const firstSeed = Number(process.env.ADMISSION_SEED) || Math.floor(Math.random() * 2 ** 31);
    console.info(`admission turns: first seed ${firstSeed}`);
    for (let seed = firstSeed; seed < firstSeed + SCENARIOS; seed += 1) {
      await database.sql`delete from extractor.extraction_runs`;
      await database.sql`delete from extractor.outbox`;
      const { random, capacity, total } = await scenario(seed);
      // Only with lanes waiting is there a turn to take.
      if (total <= capacity) {
        await addRun(random, `owner-${seed}-extra`, capacity - total + random.int(1, 8));
        await db.transaction((tx) => admitLanes(tx, capacity));
      }
      let single: string | undefined;
      for (let turn = 0; turn < TURNS; turn += 1) {
        const context = `seed ${seed}, turn ${turn}`;
        const before = await lanes();
        const done = random.pick(before.filter((row) => row.admitted));
        // A lane's account commits: it is parked and the freed slot goes to whoever is next.
        const admitted = await db.transaction(async (tx) => {
          await parkLane(tx, done.run_id, done.lane, Date.now());
          return admitLanes(tx, capacity);
        });
        expect(admitted, context).toBe(1);
        const after = await lanes();
        const isDone = (row: TLaneRow) => row.run_id === done.run_id && row.lane === done.lane;
        // The freed lane itself may get its slot back (its owner holding the fewest).
        const newlyAdmitted = after.filter(
          (row) =>
            row.admitted &&
            (isDone(row) ||
              !before.some((old) => old.admitted && old.run_id === row.run_id && old.lane === row.lane)),
        );
        expect(newlyAdmitted, context).toHaveLength(1);
        const [chosen] = newlyAdmitted as [TLaneRow];
        if (single) {
          // Started during the last turn with every slot taken: this very slot is its.
          expect(chosen.run_id, context).toBe(single);
          single = undefined;
        }
        // The owner it went to held the fewest of those with a lane waiting (the freed lane's included).
        const parked = before.map((row) => (isDone(row) ? { ...row, admitted: false } : row));
        const { held, waiting } = heldBy(parked, (row) => row.owner_id);
        const fewest = Math.min(...[...waiting].map((owner) => held.get(owner) ?? 0));
        expect(held.get(chosen.owner_id), context).toBe(fewest);
        const { held: heldNow, waiting: waitingNow } = heldBy(after, (row) => row.owner_id);
        const everyoneHoldsOne = [...waitingNow].every((owner) => (heldNow.get(owner) ?? 0) > 0);
        // (With more owners waiting than slots, those holding none take turns first: none is "next".)
        if (everyoneHoldsOne && random.chance(0.25)) {
          // Someone else starts a single extraction: one lane, parked behind all of them.
          single = await addRun(random, `single-${seed}-${turn}`, 1);
          expect(await db.transaction((tx) => admitLanes(tx, capacity)), context).toBe(0);
        }
      }
    }
  }, 240_000);
});
