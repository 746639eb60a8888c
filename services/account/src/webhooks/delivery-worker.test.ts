import type { TDatabase } from '@prospector/db';
import { createMigratedTestDatabase } from '@prospector/db/testing';
import { createLogger, migrationsFolderOf } from '@prospector/service-kit';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../_factories.ts';
import { user, webhookDeliveries } from '../db/schema.ts';
import { ensurePersonalWorkspace } from '../workspaces/personal-workspace.ts';
import { startWebhookReceiver } from './_receiver.ts';
import { startWebhookWorker, type TWebhookWorker } from './delivery-worker.ts';
import {
  checkEndpointUrl,
  WEBHOOK_HTTPS_REQUIRED_MESSAGE,
  WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
  WEBHOOK_UNKNOWN_HOST_MESSAGE,
} from './endpoint-url.ts';
import { nextAttemptAt } from './retry-schedule.ts';
import { sendWebhook } from './send-webhook.ts';
import { DEFAULT_WEBHOOK_CONFIG, type TWebhookConfig } from './webhook-config.ts';
import { enqueueDelivery, saveEndpoint } from './webhook-store.ts';

const logger = createLogger({ test: 'webhooks' }, 'silent');
const local: TWebhookConfig = {
  ...DEFAULT_WEBHOOK_CONFIG,
  allowance: ['127.0.0.1'],
  retryBaseMs: 300,
  pollMs: 50,
  timeoutMs: 2_000,
  leaseMs: 2_000,
};

describe('webhook delivery worker (PostgreSQL)', () => {
  let database: TDatabase;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const workers: TWebhookWorker[] = [];
  beforeAll(async () => {
    database = await createMigratedTestDatabase(
      {
        migrationsFolder: migrationsFolderOf(new URL('../service.ts', import.meta.url).href),
        schemaName: 'account',
      },
      { max: 6, logger },
    );
    receiver = await startWebhookReceiver();
  });
  // Each test starts with no message waiting and a receiver that has seen nothing.
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await database.db.delete(webhookDeliveries);
    receiver.reset();
  });
  afterAll(async () => {
    await receiver.close();
    await database.close();
  });

  const startWorker = (config: Partial<TWebhookConfig> = {}) => {
    const worker = startWebhookWorker({ database, config: { ...local, ...config }, logger });
    workers.push(worker);
    return worker;
  };
  const userWithEndpoint = async (url = receiver.url) => {
    const userId = crypto.randomUUID();
    await database.db.insert(user).values({ id: userId, name: 'Ada', email: `${userId}@example.com` });
    await ensurePersonalWorkspace(database.db, userId);
    const endpoint = await saveEndpoint(database.db, { ownerKey: userId, userId }, url);
    return { userId, secret: endpoint.secret };
  };
  const enqueue = async (userId: string) => {
    const sourceEventId = crypto.randomUUID();
    await enqueueDelivery(database.db, {
      ownerKey: userId,
      userId,
      sourceEventId,
      payload: {
        type: 'extraction.opted_out',
        timestamp: new Date().toISOString(),
        data: { extractionIds: [sourceEventId] },
      },
    });
    const [row] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.sourceEventId, sourceEventId));
    if (!row) throw new Error('not enqueued');
    return row;
  };
  const rowOf = async (id: string) =>
    (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];
  const hooksOf = (id: string) => receiver.received.filter((hook) => hook.headers['webhook-id'] === id);

  it('writes one message per source event, whatever the redeliveries', async () => {
    const { userId } = await userWithEndpoint();
    const input = {
      ownerKey: userId,
      userId,
      sourceEventId: crypto.randomUUID(),
      payload: {
        type: 'credits.low' as const,
        timestamp: new Date().toISOString(),
        data: { balance: 9, available: 9, threshold: 10 as const },
      },
    };
    expect(await enqueueDelivery(database.db, input)).toBe(true);
    expect(await enqueueDelivery(database.db, input)).toBe(false);
  });

  it('survives a restart mid-retry: a new worker delivers the message, once', async () => {
    const { userId, secret } = await userWithEndpoint();
    receiver.answerNext(500);
    const first = startWorker({ retryBaseMs: 1_500 });
    const message = await enqueue(userId);
    first.kick();
    await waitFor(async () => ((await rowOf(message.id))?.attempts === 1 ? true : undefined));
    await first.stop();
    const waiting = await rowOf(message.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, claimId: null });

    // Another process (or this one restarted) picks the message up when it is due.
    startWorker();
    const delivered = await waitFor(async () => {
      const row = await rowOf(message.id);
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(delivered.attempts).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const hooks = hooksOf(message.id);
    expect(hooks.map((hook) => hook.answered)).toEqual([500, 200]);
    const last = hooks[1];
    expect(() =>
      new Webhook(secret).verify(last?.body ?? '', last?.headers as Record<string, string>),
    ).not.toThrow();
  });

  it('takes over a message whose process died mid-attempt once its lease ran out', async () => {
    const { userId } = await userWithEndpoint();
    const message = await enqueue(userId);
    // A claim a dead process left behind: attempted, no outcome, lease running.
    await database.db
      .update(webhookDeliveries)
      .set({ claimId: crypto.randomUUID(), attempts: 1, lockedUntil: new Date(Date.now() + 600) })
      .where(eq(webhookDeliveries.id, message.id));
    startWorker();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hooksOf(message.id)).toHaveLength(0);
    const delivered = await waitFor(async () => {
      const row = await rowOf(message.id);
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(delivered.attempts).toBe(2);
    expect(hooksOf(message.id)).toHaveLength(1);
  });

  it('two workers never send one message twice', async () => {
    const { userId } = await userWithEndpoint();
    const messages = await Promise.all(Array.from({ length: 12 }, () => enqueue(userId)));
    startWorker();
    startWorker();
    for (const message of messages) {
      await waitFor(async () => ((await rowOf(message.id))?.status === 'delivered' ? true : undefined));
    }
    for (const message of messages) expect(hooksOf(message.id)).toHaveLength(1);
  });

  it('a slow endpoint delays only itself: another customer is sent at once, across two workers', async () => {
    const slow = await startWebhookReceiver([], { delayMs: 4_000 });
    try {
      const stuck = await userWithEndpoint(slow.url);
      const backlog = await Promise.all(Array.from({ length: 30 }, () => enqueue(stuck.userId)));
      const config = { timeoutMs: 6_000, leaseMs: 10_000, concurrency: 4, perEndpointConcurrency: 2 };
      startWorker(config);
      startWorker(config);
      await waitFor(async () => (slow.received.length >= 2 ? true : undefined));

      // While the slow endpoint holds its places, another customer's message is taken and sent at once,
      // well before any of the slow answers (4 s) has come back.
      const other = await userWithEndpoint();
      const enqueuedAt = Date.now();
      const message = await enqueue(other.userId);
      for (const worker of workers) worker.kick();
      await waitFor(async () => (hooksOf(message.id).length === 1 ? true : undefined));
      const hook = hooksOf(message.id)[0];
      expect((hook?.at ?? Infinity) - enqueuedAt).toBeLessThan(1_500);
      expect((await rowOf(message.id))?.attempts).toBe(1);
      await waitFor(async () => ((await rowOf(message.id))?.status === 'delivered' ? true : undefined));

      // Two processes together never had more than two requests open to the slow endpoint, and its
      // other messages wait for its own turn only.
      expect(slow.maxInFlight()).toBe(2);
      expect(slow.received.length).toBeLessThanOrEqual(2);
      const waiting = await Promise.all(backlog.map((row) => rowOf(row.id)));
      expect(waiting.filter((row) => row?.status === 'pending')).toHaveLength(30);
      expect(waiting.filter((row) => (row?.attempts ?? 0) > 0).length).toBeLessThanOrEqual(2);
    } finally {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      await slow.close();
    }
  });

  it("counts a lease still running (a dead process's) against its endpoint", async () => {
    const { userId } = await userWithEndpoint();
    const [held, next] = [await enqueue(userId), await enqueue(userId)];
    await database.db
      .update(webhookDeliveries)
      .set({ claimId: crypto.randomUUID(), attempts: 1, lockedUntil: new Date(Date.now() + 800) })
      .where(eq(webhookDeliveries.id, held.id));
    startWorker({ perEndpointConcurrency: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received).toHaveLength(0);
    // Once the lease has run out, both go, one after the other.
    for (const message of [held, next]) {
      await waitFor(async () => ((await rowOf(message.id))?.status === 'delivered' ? true : undefined));
    }
    expect(receiver.maxInFlight()).toBe(1);
    expect(hooksOf(held.id)).toHaveLength(1);
    expect(hooksOf(next.id)).toHaveLength(1);
  });

  it('counts an attempt that timed out as failed, retried by the usual schedule', async () => {
    const { userId } = await userWithEndpoint();
    receiver.setDelay(3_000);
    startWorker({ timeoutMs: 1_000, retryBaseMs: 800 });
    const message = await enqueue(userId);
    const failed = await waitFor(async () => {
      const row = await rowOf(message.id);
      return row?.lastError ? row : undefined;
    });
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      lastError: 'No answer within 1 s',
      claimId: null,
    });
    // The first retry comes retryBaseMs (plus up to a tenth) after the attempt ended, a second after it began.
    const wait = (failed.nextAttemptAt?.getTime() ?? 0) - (failed.lastAttemptAt?.getTime() ?? 0);
    expect(wait).toBeGreaterThanOrEqual(800 + 900);
    expect(wait).toBeLessThanOrEqual(880 + 1_500);
    receiver.setDelay(0);
    const delivered = await waitFor(async () => {
      const row = await rowOf(message.id);
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(delivered).toMatchObject({ attempts: 2, responseStatus: 200, lastError: null });
  });

  it('gives up after the retry window, marking the message failed', async () => {
    const { userId } = await userWithEndpoint();
    receiver.answerNext(503, 503, 503, 503, 503, 503);
    startWorker({ retryBaseMs: 100, retryWindowMs: 250 });
    const message = await enqueue(userId);
    const failed = await waitFor(async () => {
      const row = await rowOf(message.id);
      return row?.status === 'failed' ? row : undefined;
    });
    expect(failed).toMatchObject({ responseStatus: 503, nextAttemptAt: null });
    expect(failed.attempts).toBeGreaterThanOrEqual(2);
  });

  it('fails a message at once when its endpoint was removed', async () => {
    const { userId } = await userWithEndpoint();
    const message = await enqueue(userId);
    await database.db.execute(`delete from account.webhook_endpoints where user_id = '${userId}'`);
    startWorker();
    const failed = await waitFor(async () => {
      const row = await rowOf(message.id);
      return row?.status === 'failed' ? row : undefined;
    });
    expect(failed.lastError).toBe('No webhook endpoint is set');
  });
});

describe('webhook SSRF guard', () => {
  const strict: TWebhookConfig = { ...DEFAULT_WEBHOOK_CONFIG, timeoutMs: 2_000 };
  const send = (url: string, config: TWebhookConfig = strict) =>
    sendWebhook({ url, id: crypto.randomUUID(), secret: `whsec_${'A'.repeat(43)}=`, body: '{}', config });

  it.each([
    'http://10.1.2.3/hooks',
    'http://127.0.0.1/hooks',
    'http://127.9.9.9/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hooks',
    'http://[::ffff:127.0.0.1]/hooks',
    'http://[fd00::1]/hooks',
    'http://0.0.0.0/hooks',
    'http://localhost/hooks',
  ])('refuses %s when it is saved and when it is sent', async (url) => {
    await expect(checkEndpointUrl(url, strict)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
    });
    expect(await send(url)).toEqual({ error: WEBHOOK_PRIVATE_ADDRESS_MESSAGE });
  });

  it('checks the address it connects to, not an earlier answer (DNS rebinding)', async () => {
    const receiver = await startWebhookReceiver();
    try {
      // Saved while the name answered a public address; by the attempt it answers loopback.
      let answer = '93.184.215.14';
      const config = { ...strict, resolve: async () => [{ address: answer, family: 4 }] };
      await expect(
        checkEndpointUrl(`http://hooks.example:${receiver.port}/`, config),
      ).resolves.toBeInstanceOf(URL);
      answer = '127.0.0.1';
      expect(await send(`http://hooks.example:${receiver.port}/`, config)).toEqual({
        error: WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
      });
      expect(receiver.received).toHaveLength(0);
      // With the development allowance the same name reaches the local receiver.
      const allowed = await send(`http://hooks.example:${receiver.port}/`, {
        ...config,
        allowance: ['127.0.0.1'],
      });
      expect(allowed).toEqual({ status: 200 });
      expect(receiver.received[0]?.headers.host).toBe(`hooks.example:${receiver.port}`);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a name when any of its addresses is not public', async () => {
    const config = {
      ...strict,
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    };
    await expect(checkEndpointUrl('https://mixed.example/', config)).rejects.toMatchObject({
      message: WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
    });
    expect(await send('https://mixed.example/', config)).toEqual({ error: WEBHOOK_PRIVATE_ADDRESS_MESSAGE });
  });

  it('accepts only https in production mode, also for allowed addresses', async () => {
    const production = { ...strict, requireHttps: true, allowance: ['127.0.0.1'] };
    await expect(checkEndpointUrl('http://93.184.215.14/hooks', production)).rejects.toMatchObject({
      message: WEBHOOK_HTTPS_REQUIRED_MESSAGE,
    });
    expect(await send('http://127.0.0.1:9/hooks', production)).toEqual({
      error: WEBHOOK_HTTPS_REQUIRED_MESSAGE,
    });
    await expect(checkEndpointUrl('https://93.184.215.14/hooks', production)).resolves.toBeInstanceOf(URL);
  });

  it('says so when the host name does not resolve', async () => {
    const config = { ...strict, resolve: async () => Promise.reject(new Error('ENOTFOUND')) };
    await expect(checkEndpointUrl('https://nowhere.example/', config)).rejects.toMatchObject({
      message: WEBHOOK_UNKNOWN_HOST_MESSAGE,
    });
  });
});

describe('retry schedule', () => {
  const config = { retryBaseMs: 5_000, retryMaxDelayMs: 4 * 3_600_000, retryWindowMs: 24 * 3_600_000 };
  const start = new Date('2026-01-01T00:00:00Z');
  const delayAfter = (attempts: number, now = start) =>
    (nextAttemptAt({ attempts, now, windowStartedAt: start, config, random: () => 0 })?.getTime() ?? 0) -
    now.getTime();

  it('doubles from 5 s, caps at 4 h and stops a day after the first attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => delayAfter(attempts))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000,
    ]);
    expect(delayAfter(30)).toBe(4 * 3_600_000);
    const late = new Date(start.getTime() + 23 * 3_600_000);
    expect(
      nextAttemptAt({ attempts: 15, now: late, windowStartedAt: start, config, random: () => 0 }),
    ).toBeNull();
  });

  it('spreads retries by up to a tenth', () => {
    expect(delayAfter(1)).toBe(5_000);
    const spread = nextAttemptAt({
      attempts: 1,
      now: start,
      windowStartedAt: start,
      config,
      random: () => 0.99,
    });
    expect((spread?.getTime() ?? 0) - start.getTime()).toBe(5_495);
  });
});
