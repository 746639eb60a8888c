import type { ChildProcess } from 'node:child_process';
import { natsServerForTests } from '@prospector/bus/testing';
import { BILLING_RPC, extractionChargeReference } from '@prospector/contracts';
import { onJsonReports } from '@prospector/service-kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { useExtractorCluster } from './_factories.ts';
import { startRun } from './start-run.ts';

/**
 * The guarantees of README.md under SIGKILL: extractor processes (the real service in child processes,
 * on PostgreSQL and a private NATS server) are killed mid-run and restarted, KILLS times. Every run must
 * finish, no item may be charged twice, and each account with a profile must reach the database
 * service's stream exactly once (as one outbox row). Then, with the default settings, how long a run
 * stands still after the process working on it is killed (README.md: about the 10 s ack wait).
 */
const KILLS = 20;
/** The pause a kill may cost with the default settings: their 10 s ack wait, and room for a loaded machine. */
const PAUSE_BOUND_MS = 20_000;
/** Longer than the default ack wait (10 s) and stall limit (12 s) plus a sweep (3 s). */
const SLOW_MS = 16_000;
const runNats = natsServerForTests('extractor crash test');

describe.skipIf(!runNats)('extraction runs survive kill -9 of extractor processes', () => {
  const cluster = useExtractorCluster('crash-test');
  /** How many times each item's record reached the database service's stand-in. */
  const recordedDeliveries = () => {
    const counts = new Map<string, number>();
    for (const record of cluster.recorded) counts.set(record.itemId, (counts.get(record.itemId) ?? 0) + 1);
    return counts;
  };

  /** An extractor with the default run settings; resolves once it is ready, noting the accounts it asks for. */
  async function spawnWithDefaults(fetched: Map<ChildProcess, string[]>): Promise<ChildProcess> {
    const child = cluster.spawn(
      { CRASH_PROVIDER_LATENCY_MS: '1000', CRASH_SLOW_MS: String(SLOW_MS) },
      { stdout: 'pipe' },
    );
    const asked: string[] = [];
    fetched.set(child, asked);
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`extractor exited (${code}) before it was ready`)));
      onJsonReports<{ ready?: boolean; fetch?: string }>(child, (report) => {
        if (report.fetch) asked.push(report.fetch);
        if (report.ready) resolve();
      });
    });
    return child;
  }

  /** The first test's processes, to stop before the second. */
  const spawned: ChildProcess[] = [];
  function spawnExtractor(): ChildProcess {
    const child = cluster.spawn({
      EXTRACTION_ITEM_DELAY_MS: '0',
      EXTRACTION_CONCURRENCY: '4',
      EXTRACTION_STEP_ACK_WAIT_MS: '3000',
      EXTRACTION_STALL_AFTER_MS: '10000',
      EXTRACTION_SWEEP_INTERVAL_MS: '3000',
    });
    spawned.push(child);
    return child;
  }

  const deps = () => cluster.deps();
  const newUser = (index: number) => cluster.newUser(`crash-user-${index}`, 100);

  const progress = async () => {
    const [row] = await cluster.extractorDb.sql<Array<{ done: number; pending: number }>>`
      select count(*) filter (where status = 'done')::int as done, count(*) filter (where status = 'pending')::int as pending
      from extractor.extraction_run_items`;
    return row ?? { done: 0, pending: 0 };
  };

  it(`finishes every run with ${KILLS} kills: no double charge, every record published exactly once`, async () => {
    const users: string[] = [];
    const runIds: string[] = [];
    const startRunFor = async () => {
      const userId = await newUser(users.length);
      users.push(userId);
      // Mixed accounts: e-mails (charged), no e-mail, missing, provider failures.
      const usernames = Array.from({ length: 60 }, (_, index) => {
        const kind = ['mail', 'nomail', 'mail', 'ghost', 'mail', 'broken'][index % 6];
        return `${kind}_${users.length}_${index}`;
      });
      runIds.push((await startRun(deps(), userId, { usernames, source: 'batch' })).id);
    };
    await startRunFor();
    await startRunFor();

    const pool = [spawnExtractor(), spawnExtractor()];
    for (let kill = 0; kill < KILLS; kill += 1) {
      // Keep work queued so every kill lands mid-run.
      if ((await progress()).pending < 40) await startRunFor();
      const before = (await progress()).done;
      await vi.waitFor(async () => expect((await progress()).done).toBeGreaterThanOrEqual(before + 2), {
        timeout: 60_000,
        interval: 20,
      });
      const victim = kill % pool.length;
      pool[victim]?.kill('SIGKILL');
      pool[victim] = spawnExtractor();
    }

    await vi.waitFor(
      async () => {
        const [row] = await cluster.extractorDb.sql<Array<{ active: number }>>`
          select count(*)::int as active from extractor.extraction_runs where status in ('queued', 'running')`;
        expect(row?.active).toBe(0);
      },
      { timeout: 180_000, interval: 250 },
    );

    const runs = await cluster.extractorDb.sql<
      Array<{ id: string; status: string; total: number; processed: number; emails_found: number }>
    >`
      select id, status, total, processed, emails_found from extractor.extraction_runs`;
    expect(runs).toHaveLength(runIds.length);
    for (const run of runs) expect(run).toMatchObject({ status: 'completed', processed: run.total });
    // Each run's end is announced once (webhooks), however often its last step was redelivered.
    const finishedEvents = await cluster.extractorDb.sql<Array<{ run_id: string; rows: number }>>`
      select payload->'data'->'run'->>'id' as run_id, count(*)::int as rows from extractor.outbox
      where type = 'extractions.run-finished' group by 1`;
    expect(finishedEvents.map((row) => [row.run_id, row.rows]).sort()).toEqual(
      runs.map((run) => [run.id, 1]).sort(),
    );

    // 0 double charges: one ledger row per charged item, and one per e-mail found.
    const doubles = await cluster.billingDb.sql`
      select reference from billing.credit_transactions where reason = 'capture' group by reference having count(*) > 1`;
    expect(doubles).toHaveLength(0);
    const found = await cluster.extractorDb.sql<Array<{ id: string; run_id: string; username: string }>>`
      select id, run_id, username from extractor.extraction_run_items where outcome = 'email_found'`;
    const captures = await cluster.billingDb.sql<Array<{ reference: string }>>`
      select reference from billing.credit_transactions where reason = 'capture'`;
    expect(captures.map((row) => row.reference).sort()).toEqual(
      found.map((item) => extractionChargeReference(item.run_id, item.id, item.username)).sort(),
    );
    for (const userId of users) {
      const balance = await cluster.bus.request(BILLING_RPC.balance, { userId });
      expect(balance.held).toBe(0);
    }

    // 0 lost or duplicated records: one outbox row per item with a profile, and each one delivered.
    const withProfile = await cluster.extractorDb.sql<Array<{ id: string }>>`
      select id from extractor.extraction_run_items where outcome in ('email_found', 'no_email')`;
    const outboxRows = await cluster.extractorDb.sql<Array<{ item_id: string; rows: number }>>`
      select payload->'data'->>'itemId' as item_id, count(*)::int as rows from extractor.outbox
      where type = 'extractions.recorded' group by 1`;
    expect(outboxRows.every((row) => row.rows === 1)).toBe(true);
    expect(outboxRows.map((row) => row.item_id).sort()).toEqual(withProfile.map((row) => row.id).sort());
    await vi.waitFor(
      () => expect([...recordedDeliveries().keys()].sort()).toEqual(withProfile.map((row) => row.id).sort()),
      {
        timeout: 30_000,
      },
    );
  }, 600_000);

  it(`resumes a run within ${PAUSE_BOUND_MS / 1000} s of kill -9 with the default settings, asking a slow account once`, async () => {
    for (const child of spawned) await cluster.kill(child);
    const fetched = new Map<ChildProcess, string[]>();
    await Promise.all([spawnWithDefaults(fetched), spawnWithDefaults(fetched)]);
    const userId = await newUser(1_000);
    const usernames = ['mail_p_0', 'mail_p_1', 'mail_p_2', 'mail_p_3', 'slow_p_4', 'mail_p_5'];
    const run = await startRun({ ...deps(), config: { ...deps().config, maxLanes: 1 } }, userId, {
      usernames,
      source: 'batch',
    });

    // The process asking the provider for the third account (a call of 1 s) is killed mid-call.
    let victim: ChildProcess | undefined;
    await vi.waitFor(
      () => {
        victim = [...fetched].find(([, asked]) => asked.includes('mail_p_2'))?.[0];
        expect(victim).toBeDefined();
      },
      { timeout: 60_000, interval: 5 },
    );
    const killedAt = Date.now();
    await cluster.kill(victim as ChildProcess);
    await vi.waitFor(
      async () => {
        const [item] = await cluster.extractorDb.sql<Array<{ status: string }>>`
          select status from extractor.extraction_run_items where run_id = ${run.id} and username = 'mail_p_2'`;
        expect(item?.status).toBe('done');
      },
      { timeout: 90_000, interval: 20 },
    );
    const pauseMs = Date.now() - killedAt;
    console.log(
      `[crash] run paused ${(pauseMs / 1000).toFixed(1)} s after kill -9 of the process working on it`,
    );
    expect(pauseMs).toBeLessThan(PAUSE_BOUND_MS);

    await vi.waitFor(
      async () => {
        const [row] = await cluster.extractorDb.sql<Array<{ status: string }>>`
          select status from extractor.extraction_runs where id = ${run.id}`;
        expect(row?.status).toBe('completed');
      },
      { timeout: 90_000, interval: 100 },
    );
    // The killed call is asked again; every other account once, the slow one (16 s at the provider,
    // beyond the ack wait and the stall limit) included.
    const calls = [...fetched.values()].flat().sort();
    expect(calls).toEqual([...usernames, 'mail_p_2'].sort());
  }, 300_000);
});
