import { natsServerForTests, startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import { BILLING_ENDPOINTS, PLANS, ZCreditBalanceSchema } from '@prospector/contracts';
import type { TTestDatabase } from '@prospector/db/testing';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpAndVerify } from '../../bench/sign-up-user.ts';
import { createComposedAppDatabase, startComposedApp, type TComposedApp } from '../testing/_composed-app.ts';
import { startDistributedComposition, type TDistributedComposition } from './_distributed-composition.ts';

/**
 * The trial's credits come with the verified e-mail: a user who signs up, follows the link and then
 * only uses the API (never reading the profile) has them, exactly once — however often the link is
 * followed and whatever copies of `accounts.created` billing is given — in embedded mode (one process,
 * the in-process bus) and in distributed mode (a process per service, NATS).
 */
const runNats = natsServerForTests('trial grant test (distributed)');

interface TMode {
  name: string;
  skip: boolean;
  start(): Promise<{ url: string; databaseUrl: string; stop(): Promise<void> }>;
}

const modes: TMode[] = [
  {
    name: 'embedded',
    skip: false,
    async start() {
      const app: TComposedApp = await startComposedApp('trial-grant');
      return { url: app.url, databaseUrl: app.server.databaseUrl, stop: () => app.stop() };
    },
  },
  {
    name: 'distributed',
    skip: !runNats,
    async start() {
      const nats: TPrivateNatsServer = await startPrivateNatsServer();
      const database: TTestDatabase = await createComposedAppDatabase();
      let app: TDistributedComposition | undefined;
      try {
        app = await startDistributedComposition({ databaseUrl: database.url, natsUrl: nats.url });
      } catch (error) {
        await database.drop();
        await nats.dispose();
        throw error;
      }
      const started = app;
      return {
        url: started.url,
        databaseUrl: database.url,
        async stop() {
          started.stop();
          await database.drop();
          await nats.dispose();
        },
      };
    },
  },
];

describe.each(modes)('the trial grant in $name mode', ({ skip, start }) => {
  let app: Awaited<ReturnType<TMode['start']>>;
  let sql: Sql;

  beforeAll(async () => {
    if (skip) return;
    app = await start();
    sql = postgres(app.databaseUrl, { max: 2, onnotice: () => {} });
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    await app?.stop();
  });

  const credits = async (cookie: string) => {
    const response = await fetch(new URL(BILLING_ENDPOINTS.credits.path, app.url), { headers: { cookie } });
    expect(response.status).toBe(200);
    return ZCreditBalanceSchema.parse(await response.json());
  };
  const trialGrants = async (userId: string) =>
    sql<Array<{ amount: number }>>`
      select amount from billing.credit_transactions where user_id = ${userId} and reason = 'trial_grant'`;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

  it.skipIf(skip)(
    'grants 25 credits at verification, without a profile read, once for a second click and a replayed event',
    async () => {
      const { email, cookie, verifyUrl } = await signUpAndVerify(app.url, { label: 'trial' });
      const [owner] = await sql<Array<{ id: string }>>`select id from account."user" where email = ${email}`;
      const userId = owner?.id as string;

      // Well within the account service's trial sweep (every minute): verification itself starts it.
      await vi.waitFor(async () => expect((await credits(cookie)).balance).toBe(PLANS.trial.credits), {
        timeout: 20_000,
        interval: 200,
      });
      expect(await sql`select 1 from account.profiles where user_id = ${userId}`).toHaveLength(1);

      // The link followed again: the account is verified already, nothing starts twice.
      expect((await fetch(verifyUrl, { redirect: 'manual' })).status).toBe(302);
      // accounts.created replayed under a new event id (the bus's de-duplication does not catch it; the
      // ledger's trial_grant key must).
      await sql`
        insert into account.outbox (id, type, payload)
        select id, type, jsonb_set(payload, '{id}', to_jsonb(id::text)) from (
          select gen_random_uuid() as id, type, payload from account.outbox
          where type = 'accounts.created' and payload->>'userId' = ${userId}) as created`;
      await vi.waitFor(
        async () =>
          expect(
            await sql`select 1 from account.outbox where type = 'accounts.created'
              and payload->>'userId' = ${userId} and published_at is not null`,
          ).toHaveLength(2),
        { timeout: 30_000, interval: 200 },
      );
      // And the profile read a browser makes: the old way the trial started.
      expect((await fetch(new URL('/api/account/profile', app.url), { headers: { cookie } })).status).toBe(
        200,
      );
      await settle();

      expect((await credits(cookie)).balance).toBe(PLANS.trial.credits);
      expect(await trialGrants(userId)).toEqual([{ amount: PLANS.trial.credits }]);
    },
    120_000,
  );
});
