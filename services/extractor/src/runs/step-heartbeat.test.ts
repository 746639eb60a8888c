import { createMemoryBus, createNatsBus, type TEventBus } from '@prospector/bus';
import { natsServerForTests, startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import { createLogger } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunsFixture, type TRunsFixture } from '../_factories.ts';
import { RUN_SUBJECTS } from './run-messages.ts';

/**
 * A short ack wait and stall limit must not cost a slow step a second provider call: the step beats
 * (in-progress acks, the run's updated_at) for as long as it works, on the in-process bus of embedded
 * mode as on NATS. And steps waiting their turn on a busy queue are not taken for stalled.
 */
const RUNS = { itemDelayMs: 0, stepAckWaitMs: 1_000, stallAfterMs: 1_200, sweepIntervalMs: 200 };
/** Several ack waits and stall limits, and many sweeps. */
const SLOW_MS = 4_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const runNats = natsServerForTests('step heartbeat test');

const buses: Array<{ name: string; skip: boolean; open(): Promise<TEventBus> }> = [
  { name: 'memory', skip: false, open: async () => createMemoryBus() },
  {
    name: 'nats',
    skip: !runNats,
    open: async () => createNatsBus({ url: nats.url, logger: createLogger({ test: 'heartbeat' }, 'silent') }),
  },
];
let nats: TPrivateNatsServer;

beforeAll(async () => {
  if (runNats) nats = await startPrivateNatsServer();
}, 30_000);

afterAll(async () => {
  await nats?.dispose();
});

describe.each(buses)('run steps on the $name bus', ({ skip, open }) => {
  let fixture: TRunsFixture;

  beforeAll(async () => {
    if (skip) return;
    fixture = await createRunsFixture({ bus: await open(), runs: { ...RUNS, stepConcurrency: 1 } });
  }, 30_000);

  afterAll(async () => {
    await fixture?.close();
  });

  /** The step messages written for a run, by step number (the outbox keeps every one). */
  async function stepsSent(runId: string): Promise<number[]> {
    const rows = await fixture.extractorDb.sql<Array<{ step: number }>>`
      select (payload->'data'->>'step')::int as step from extractor.outbox
      where type = ${RUN_SUBJECTS.step} and payload->'data'->>'runId' = ${runId} order by seq`;
    return rows.map((row) => row.step);
  }

  it.skipIf(skip)(
    'asks the provider once for an account slower than the ack wait and the stall limit',
    async () => {
      const userId = await fixture.createUser('slow');
      fixture.provider.hold();
      const run = await fixture.startRun(userId, ['mail_slow', 'mail_after']);
      await wait(SLOW_MS);
      expect(fixture.provider.calls).toEqual(['mail_slow']);
      fixture.provider.release();
      const detail = await fixture.waitForRun(userId, run.id);

      expect(detail.status).toBe('completed');
      expect(fixture.provider.calls).toEqual(['mail_slow', 'mail_after']);
      // No copy of the slow step was sent (redelivery or sweep): steps 0, 1 and the finishing 2.
      expect(await stepsSent(run.id)).toEqual([0, 1, 2]);
      expect(await fixture.captures(userId)).toHaveLength(2);
    },
    30_000,
  );

  it.skipIf(skip)(
    'does not resend the step of a run that waits its turn behind a slow one',
    async () => {
      fixture.provider.calls.length = 0;
      const [first, second] = [await fixture.createUser('first'), await fixture.createUser('second')];
      fixture.provider.hold();
      const busy = await fixture.startRun(first, ['mail_busy']);
      // One step at a time (concurrency 1): the second run's first step waits on the queue.
      const waiting = await fixture.startRun(second, ['mail_waiting']);
      await wait(SLOW_MS);
      expect(fixture.provider.calls).toEqual(['mail_busy']);
      fixture.provider.release();
      await fixture.waitForRun(first, busy.id);
      await fixture.waitForRun(second, waiting.id);

      expect(fixture.provider.calls).toEqual(['mail_busy', 'mail_waiting']);
      expect(await stepsSent(waiting.id)).toEqual([0, 1]);
    },
    30_000,
  );
});
