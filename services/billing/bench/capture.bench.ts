/**
 * Capture throughput of the credit ledger: `runs` extraction runs at once, each holding `perRun`
 * credits and capturing them one by one as fast as it can. Prints captures per second, p50/p99
 * latency of one capture, and checks that nothing was overspent. Beside them: the load average, and a
 * baseline measured in the same run on the same pool and concurrency — a bare transaction that updates
 * one user's balance row and appends one ledger row (pgbench's simple update, in SQL), as fast as it can.
 *
 *   pnpm bench                                   # defaults: 100 runs × 200 credits, 10 users
 *   pnpm bench -- --runs 100 --per-run 100 --users 100 --pool 16 --no-batch
 *
 * Uses the PostgreSQL at DATABASE_URL (a fresh database on it), else an embedded one.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDatabase, runMigrations } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { sql } from 'drizzle-orm';
import { expectHeld, MIGRATIONS_FOLDER } from '../src/_factories.ts';
import { createCreditLedger } from '../src/ledger/credit-ledger.ts';

const { values } = parseArgs({
  // pnpm forwards the `--` that separates its own options from the script's.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    runs: { type: 'string', default: '100' },
    'per-run': { type: 'string', default: '200' },
    users: { type: 'string', default: '10' },
    pool: { type: 'string', default: '16' },
    'no-batch': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const perRun = Number(values['per-run']);
const users = Math.min(Number(values.users), runs);
const poolSize = Number(values.pool);
const batchCaptures = !values['no-batch'];
const runsPerUser = Math.ceil(runs / users);
const startBalance = runsPerUser * perRun;

const testDatabase = await createTestDatabase();
const database = createDatabase({ url: testDatabase.url, schemaName: 'billing', max: poolSize });
try {
  await runMigrations(database, { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'billing' });
  const ledger = createCreditLedger(database.db, { batchCaptures });
  const userIds = Array.from({ length: users }, (_, index) => `bench-user-${index}`);
  for (const userId of userIds) {
    await ledger.grant({
      userId,
      amount: startBalance,
      reason: 'plan_grant',
      idempotencyKey: `bench:${userId}`,
      reference: 'bench',
    });
  }
  const holds = await Promise.all(
    Array.from({ length: runs }, (_, run) =>
      expectHeld(
        ledger.hold({
          userId: userIds[run % users] as string,
          amount: perRun,
          runId: `run-${run}`,
          leaseMs: 600_000,
        }),
      ),
    ),
  );

  // The baseline: the same concurrency and pool, each worker a bare update + insert transaction.
  await database.sql`create table billing.bench_balances (user_id text primary key, balance int not null)`;
  await database.sql`create table billing.bench_rows (id bigserial primary key, user_id text not null, amount int not null)`;
  for (const userId of userIds) await database.sql`insert into billing.bench_balances values (${userId}, 0)`;
  let bareCount = 0;
  const bareUntil = performance.now() + 5_000;
  const bareStarted = performance.now();
  await Promise.all(
    Array.from({ length: runs }, async (_, run) => {
      const userId = userIds[run % users] as string;
      while (performance.now() < bareUntil) {
        await database.sql.begin(async (tx) => {
          await tx`update billing.bench_balances set balance = balance - 1 where user_id = ${userId}`;
          await tx`insert into billing.bench_rows (user_id, amount) values (${userId}, -1)`;
        });
        bareCount += 1;
      }
    }),
  );
  const bareRate = bareCount / ((performance.now() - bareStarted) / 1000);

  const latencies: number[] = [];
  let refusedBeyondHold = 0;
  const started = performance.now();
  await Promise.all(
    holds.map(async ({ hold }) => {
      for (let item = 0; item < perRun; item += 1) {
        const before = performance.now();
        await ledger.capture({ holdId: hold.holdId, itemKey: `${hold.runId}:${item}` });
        latencies.push(performance.now() - before);
      }
      // One more than the hold covers must be refused.
      const extra = await ledger.capture({ holdId: hold.holdId, itemKey: `${hold.runId}:extra` });
      if ('refused' in extra) refusedBeyondHold += 1;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(holds.map(({ hold }) => ledger.release(hold.holdId)));

  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const [totals] = await database.db.execute<{ balance: number; held: number; negative: number }>(sql`
    select coalesce(sum(balance), 0)::int as balance, coalesce(sum(held), 0)::int as held,
           count(*) filter (where balance < 0)::int as negative
    from billing.credit_accounts`);
  const [ledgerTotals] = await database.db.execute<{ captures: number; charged: number }>(sql`
    select count(*)::int as captures, coalesce(-sum(amount), 0)::int as charged
    from billing.credit_transactions where reason = 'capture'`);
  const captured = latencies.length;
  const expectedBalance = users * startBalance - captured;
  const noOverspend =
    totals?.balance === expectedBalance &&
    totals.negative === 0 &&
    totals.held === 0 &&
    ledgerTotals?.captures === captured &&
    ledgerTotals.charged === captured &&
    refusedBeyondHold === runs;

  console.log(
    `runs ${runs} × ${perRun} credits, ${users} users, pool ${poolSize}, ${batchCaptures ? 'batched' : 'one commit per'} capture`,
  );
  console.log(
    `captures/s   ${(captured / seconds).toFixed(0)} (${((captured / seconds / bareRate) * 100).toFixed(0)}% of a bare update + insert transaction on the same pool: ${bareRate.toFixed(0)}/s)`,
  );
  console.log(`p50 latency  ${percentile(0.5).toFixed(2)} ms`);
  console.log(`p99 latency  ${percentile(0.99).toFixed(2)} ms`);
  console.log(`captured     ${captured} in ${seconds.toFixed(2)} s (ledger rows ${ledgerTotals?.captures})`);
  console.log(
    `balance      ${totals?.balance} = ${users * startBalance} − ${captured}: ${noOverspend ? 'no overspend' : 'OVERSPEND OR MISMATCH'}`,
  );
  console.log(`load average (1 min) ${(loadavg()[0] ?? 0).toFixed(1)}`);
  if (!noOverspend) process.exitCode = 1;
} finally {
  await database.close();
  await testDatabase.drop();
}
// The embedded PostgreSQL (without DATABASE_URL) is a child process that keeps Node's event loop alive;
// exiting stops it (the 'exit' hook of @prospector/db/testing shuts it down and removes its folder).
process.exit();
