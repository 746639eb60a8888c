import { createMemoryBus } from '@prospector/bus';
import { EXPORT_ALREADY_RUNNING, EXPORTS_BUSY } from '@prospector/contracts';
import { createDatabase } from '@prospector/db';
import { createLogger, startService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCreditsUsed,
  headerIdentity,
  newUserId,
  startServiceFixture,
  type TServiceFixture,
} from '../../_factories.ts';
import { createDatabaseService } from '../../service.ts';

const EXPORT = '/api/database/extractions/export';
/** A generous ceiling for a small query on a loaded 2-core machine; queued behind an export it never answers. */
const FAST_MS = 1_000;

/** `rows` records with an e-mail for `userId`: an export of them is many chunks. */
async function seedMany(fixture: TServiceFixture, userIds: string | string[], rows: number) {
  await fixture.database.sql`
    insert into database.extractions (owner_key, user_id, instagram_username, extraction_data, public_email)
    select user_id, user_id, 'bulk' || n, '{}'::jsonb, 'bulk' || n || '@example.com'
    from unnest(${[userIds].flat()}::text[]) as user_id, generate_series(1, ${rows}) as n`;
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

/** Starts reading a download (the header arrives) and keeps it open without taking more. */
async function holdOpen(response: Response) {
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const head = await reader.read();
  expect(head.done).toBe(false);
  let text = decoder.decode(head.value, { stream: true });
  return {
    /** Reads the rest; the number of lines the whole file had. */
    async finish(): Promise<number> {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return text.split('\n').length;
    },
    cancel: () => reader.cancel(),
  };
}

/** How long `work` took; a request still queued after 10 s fails the test at once. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const value = await Promise.race([
    work(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('still queued behind the exports after 10 s')), 10_000);
    }),
  ]).finally(() => clearTimeout(timer));
  return { value, ms: performance.now() - started };
}

describe('exports share the database fairly (real PostgreSQL)', () => {
  let fixture: TServiceFixture;
  beforeAll(async () => {
    // A pool of 4, as in embedded mode: exports get one connection of it (a third, at least one).
    fixture = await startServiceFixture(
      createMemoryBus(),
      createDatabaseService({ exports: { slotWaitMs: 20_000 } }),
    );
    await answerCreditsUsed(fixture.bus);
  });
  afterAll(async () => fixture?.close());

  it('runs one export per user at a time: the others are refused at once with the message', async () => {
    const userId = newUserId('parallel');
    await seedMany(fixture, userId, 5_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => fixture.request(EXPORT, { userId })));
    const running = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(running).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(await errorOf(answer)).toEqual({ code: 'RATE_LIMITED', message: EXPORT_ALREADY_RUNNING });
    }
    const download = await holdOpen(running[0] as Response);
    // Still running: another is refused; finished, the next one is served whole.
    expect((await fixture.request(EXPORT, { userId })).status).toBe(429);
    expect(await download.finish()).toBe(5_002);
    const again = await fixture.request(EXPORT, { userId });
    expect(again.status).toBe(200);
    expect((await again.text()).split('\n')).toHaveLength(5_002);
  });

  it("keeps other users' requests fast while exports run: exports hold at most their share of the pool", async () => {
    const exporters = Array.from({ length: 5 }, () => newUserId('exporter'));
    await seedMany(fixture, exporters, 5_000);
    const reader = newUserId('reader');
    // Five users export at once and nobody reads: without a bound they would take all four connections.
    const pending = exporters.map((userId) => fixture.request(EXPORT, { userId }));
    const first = await Promise.race(pending.map((answer, index) => answer.then(() => index)));
    const download = await holdOpen(await (pending[first] as Promise<Response>));

    const stats = await timed(() => fixture.request('/api/database/stats', { userId: reader }));
    expect(stats.value.status).toBe(200);
    expect(await stats.value.json()).toMatchObject({ totalExtractions: 0 });
    expect(stats.ms).toBeLessThan(FAST_MS);
    const list = await timed(() => fixture.request('/api/database/extractions', { userId: reader }));
    expect(list.value.status).toBe(200);
    expect(list.ms).toBeLessThan(FAST_MS);
    // The other exports wait for the slot rather than take connections...
    const settled = await Promise.race([
      Promise.any(pending.filter((_, index) => index !== first)).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    expect(settled).toBe('waiting');
    // ...and each gets it in turn, whole.
    expect(await download.finish()).toBe(5_002);
    for (const [index, answer] of pending.entries()) {
      if (index === first) continue;
      const response = await answer;
      expect(response.status).toBe(200);
      expect((await response.text()).split('\n')).toHaveLength(5_002);
    }
  }, 60_000);

  it('holds one export per user across instances of the service (a PostgreSQL advisory lock)', async () => {
    const userId = newUserId('two-instances');
    await seedMany(fixture, userId, 5_000);
    const otherDatabase = createDatabase({ url: fixture.url, schemaName: 'database', max: 4 });
    const bus = createMemoryBus();
    await bus.ensureStreams();
    const other = await startService(createDatabaseService(), {
      database: otherDatabase,
      bus,
      logger: createLogger({ test: 'database-2' }, 'silent'),
      identity: headerIdentity,
    });
    try {
      const download = await holdOpen(await fixture.request(EXPORT, { userId }));
      const fromOther = await other.app.request(EXPORT, { headers: { 'x-test-user': userId } });
      expect(fromOther.status).toBe(429);
      expect(await errorOf(fromOther)).toEqual({ code: 'RATE_LIMITED', message: EXPORT_ALREADY_RUNNING });
      await download.finish();
      const after = await other.app.request(EXPORT, { headers: { 'x-test-user': userId } });
      expect(after.status).toBe(200);
      expect((await after.text()).split('\n')).toHaveLength(5_002);
    } finally {
      await other.stop();
      await bus.drain();
      await otherDatabase.close();
    }
  });
});

describe('an export that waits too long for a slot, or whose client stops reading', () => {
  let fixture: TServiceFixture;
  beforeAll(async () => {
    fixture = await startServiceFixture(
      createMemoryBus(),
      createDatabaseService({ exports: { slots: 1, slotWaitMs: 300, stallMs: 1_500 } }),
    );
  });
  afterAll(async () => fixture?.close());

  it('is refused with the busy message, and a client that leaves stops waiting', async () => {
    const busy = newUserId('busy');
    const late = newUserId('late');
    await seedMany(fixture, busy, 5_000);
    await seedMany(fixture, late, 10);
    const download = await holdOpen(await fixture.request(EXPORT, { userId: busy }));
    const refused = await fixture.request(EXPORT, { userId: late });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: EXPORTS_BUSY });
    const leaving = new AbortController();
    const gone = fixture.request(EXPORT, { userId: late, signal: leaving.signal });
    leaving.abort();
    await gone.then((answer) => answer.body?.cancel()).catch(() => {});
    await download.cancel();
    const served = await fixture.request(EXPORT, { userId: late });
    expect(served.status).toBe(200);
    expect((await served.text()).split('\n')).toHaveLength(12);
  });

  it('gives the slot back when a client stops reading, or asks with HEAD and never reads', async () => {
    const headOnly = newUserId('head-only');
    const stalled = newUserId('stalled');
    await seedMany(fixture, [headOnly, stalled], 5_000);
    // A HEAD answer has no body: the export behind it is never read, nor cancelled.
    const head = await fixture.request(EXPORT, { userId: headOnly, method: 'HEAD' });
    expect(head.status).toBe(200);
    // The one slot is busy until the stall time (1.5 s here, a minute by default) ends that export...
    const statusOnceServed = async (userId: string, keep: (response: Response) => Promise<unknown>) => {
      const response = await fixture.request(EXPORT, { userId });
      if (response.status === 200) await keep(response);
      else await response.body?.cancel();
      return response.status;
    };
    await expect
      .poll(() => statusOnceServed(stalled, holdOpen), { timeout: 10_000, interval: 100 })
      .toBe(200);
    // ...and a client that takes the header and then nothing frees it the same way.
    await expect
      .poll(() => statusOnceServed(headOnly, (response) => response.text()), {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(200);
  });
});
