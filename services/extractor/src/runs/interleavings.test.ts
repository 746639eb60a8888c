import { natsServerForTests } from '@prospector/bus/testing';
import { AppError, BILLING_RPC } from '@prospector/contracts';
import { describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../providers/sandbox/seeded-random.ts';
import { useExtractorCluster } from './_factories.ts';
import { cancelRun } from './cancel-run.ts';
import { startRun } from './start-run.ts';

/**
 * "One credit per e-mail found, once per account, ever", as a property: for random interleavings of
 * overlapping runs over a small pool of accounts, cancels, and kill -9s of the extractor processes
 * (the real service in child processes, on PostgreSQL and a private NATS server), every user's credits
 * spent equal the distinct accounts whose e-mail they got, and no account is charged twice. The seed
 * is printed; `INTERLEAVING_SEED` replays one.
 */
const runNats = natsServerForTests('extractor interleavings test');
const SCENARIOS = 3;
const STEPS = 14;

describe.skipIf(!runNats)('credits spent equal distinct accounts with an e-mail, in any interleaving', () => {
  const cluster = useExtractorCluster('interleavings-test');

  const spawnExtractor = () =>
    cluster.spawn({
      EXTRACTION_ITEM_DELAY_MS: '0',
      EXTRACTION_CONCURRENCY: '4',
      EXTRACTION_STEP_ACK_WAIT_MS: '3000',
      EXTRACTION_STALL_AFTER_MS: '8000',
      EXTRACTION_SWEEP_INTERVAL_MS: '2000',
    });

  it(`holds for ${SCENARIOS} random scenarios of overlapping runs, cancels and kill -9s`, async () => {
    const firstSeed = Number(process.env.INTERLEAVING_SEED) || Math.floor(Math.random() * 2 ** 31);
    const pool = [spawnExtractor(), spawnExtractor()];
    for (let scenario = 0; scenario < SCENARIOS; scenario += 1) {
      const seed = firstSeed + scenario;
      console.info(`interleavings: scenario seed ${seed}`);
      const random = seededRandom(String(seed));
      const users = [await cluster.newUser(`s${seed}-a`), await cluster.newUser(`s${seed}-b`)];
      // Eight accounts with an e-mail, two without, one missing: small enough to overlap all the time.
      const accounts = [
        ...Array.from({ length: 8 }, (_, index) => `mail_${seed}_${index}`),
        `nomail_${seed}_0`,
        `nomail_${seed}_1`,
        `ghost_${seed}_0`,
      ];
      const starts: Array<Promise<unknown>> = [];
      for (let step = 0; step < STEPS; step += 1) {
        const action = random.int(0, 9);
        if (action < 6) {
          const userId = random.pick(users);
          const usernames = Array.from({ length: random.int(1, 6) }, () => random.pick(accounts));
          // Started without waiting: several starts of one user overlap as a double click would.
          starts.push(
            startRun(cluster.deps(), userId, {
              usernames,
              source: usernames.length === 1 ? 'single' : 'batch',
            }).catch((error: unknown) => {
              // Everything asked for is held by another run or already saved: told, not charged.
              if (!(error instanceof AppError && error.code === 'ALREADY_EXTRACTED')) throw error;
            }),
          );
        } else if (action < 8) {
          const [run] = await cluster
            .activeRuns()
            .then((runs) => runs.slice(random.int(0, Math.max(runs.length - 1, 0))));
          if (run) await cancelRun(cluster.deps(), run.user_id, run.id).catch(() => undefined);
        } else {
          const victim = random.int(0, pool.length - 1);
          pool[victim]?.kill('SIGKILL');
          pool[victim] = spawnExtractor();
        }
        await new Promise((resolve) => setTimeout(resolve, random.int(0, 150)));
      }
      await Promise.all(starts);
      await vi.waitFor(async () => expect(await cluster.activeRuns()).toEqual([]), {
        timeout: 120_000,
        interval: 250,
      });

      for (const userId of users) {
        const got = await cluster.extractorDb.sql<Array<{ username: string }>>`
          select distinct i.username from extractor.extraction_run_items i
          join extractor.extraction_runs r on r.id = i.run_id
          where r.user_id = ${userId} and i.outcome = 'email_found'`;
        const captures = await cluster.billingDb.sql<Array<{ reference: string }>>`
          select reference from billing.credit_transactions where user_id = ${userId} and reason = 'capture'`;
        const charged = captures.map((row) => row.reference.split(':')[3]);
        const balance = await cluster.bus.request(BILLING_RPC.balance, { userId });
        const context = `seed ${seed}, user ${userId}`;
        expect(new Set(charged).size, context).toBe(charged.length);
        expect(charged.sort(), context).toEqual(got.map((row) => row.username).sort());
        expect(balance, context).toMatchObject({ balance: 25 - got.length, held: 0 });
      }
    }
  }, 600_000);
});
