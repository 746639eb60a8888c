import { createMemoryBus, createNatsBus, type TEventBus, type TSubscription } from '@prospector/bus';
import { natsUrlForTests, uniqueNamespace } from '@prospector/bus/testing';
import {
  createEvent,
  type TEventData,
  type TRun,
  type TWebhookData,
  type TWebhookPayload,
  type TWebhookSourceType,
  WEBHOOK_PAYLOAD_SCHEMAS,
  ZWebhookPayloadSchema,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { createMigratedTestDatabase } from '@prospector/db/testing';
import { createLogger, migrationsFolderOf } from '@prospector/service-kit';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { user } from '../db/schema.ts';
import { ensurePersonalWorkspace } from '../workspaces/personal-workspace.ts';
import { startWebhookReceiver } from './_receiver.ts';
import { startWebhookWorker, type TWebhookWorker } from './delivery-worker.ts';
import { DEFAULT_WEBHOOK_CONFIG } from './webhook-config.ts';
import {
  consumeWebhookSources,
  handleWebhookSource,
  type TWebhookMessage,
  webhookMessageOf,
  webhookPayloadOf,
} from './webhook-events.ts';
import { saveEndpoint } from './webhook-store.ts';

const natsUrl = natsUrlForTests('[account] webhook sources over NATS JetStream');

const logger = createLogger({ test: 'webhook-events' }, 'silent');

const runOf = (status: TRun['status']): TRun => ({
  id: crypto.randomUUID(),
  source: 'single',
  sourceDetail: null,
  firstUsernames: ['alpha'],
  status,
  total: 1,
  processed: status === 'cancelled' ? 0 : 1,
  emailsFound: status === 'completed' ? 1 : 0,
  emailsUndeliverable: 0,
  errors: status === 'failed' ? 1 : 0,
  creditsUsed: status === 'completed' ? 1 : 0,
  skipped: [],
  inOtherRuns: [],
  currentUsername: null,
  cancelRequested: status === 'cancelled',
  websites: true,
  createdAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
});
/** An event of a webhook source type, typed as the bus hands it on. */
const eventOf = <TType extends TWebhookSourceType>(type: TType, data: TEventData<TType>, userId = 'u') => ({
  ...createEvent(type, userId, data),
  type,
});
const captured = (balance: number, amount = 1) => ({
  amount,
  balance,
  available: balance,
  reason: 'capture' as const,
  reference: null,
});

describe('which bus events become webhooks', () => {
  it('a completed or failed run, not a cancelled one', () => {
    expect(webhookMessageOf(eventOf('extractions.run-finished', { run: runOf('completed') }))).toMatchObject({
      eventType: 'run.completed',
    });
    expect(webhookMessageOf(eventOf('extractions.run-finished', { run: runOf('failed') }))).toMatchObject({
      eventType: 'run.failed',
    });
    expect(webhookMessageOf(eventOf('extractions.run-finished', { run: runOf('cancelled') }))).toBeNull();
  });

  it('credits.low only for the capture that crosses from above 10 to 10 or fewer', () => {
    const low = (balance: number, amount = 1) =>
      webhookMessageOf(eventOf('credits.captured', captured(balance, amount)))?.eventType ?? null;
    expect([low(12), low(11), low(10), low(9), low(0)]).toEqual([null, null, 'credits.low', null, null]);
    // A capture of several credits at once crosses too.
    expect(low(8, 5)).toBe('credits.low');
  });
});

describe('what the sender builds is the documented payload of its event type', () => {
  it('has exactly each event type’s data schema, at compile time', () => {
    expectTypeOf(webhookPayloadOf).returns.toEqualTypeOf<TWebhookPayload>();
    expectTypeOf<Extract<TWebhookMessage, { eventType: 'credits.low' }>['data']>().toEqualTypeOf<{
      balance: number;
      available: number;
      threshold: 10;
    }>();
    expectTypeOf<Extract<TWebhookPayload, { type: 'run.completed' }>['data']>().toEqualTypeOf<{
      run: TRun;
    }>();
    expectTypeOf<Extract<TWebhookPayload, { type: 'extraction.opted_out' }>>().toEqualTypeOf<
      z.output<(typeof WEBHOOK_PAYLOAD_SCHEMAS)['extraction.opted_out']>
    >();
    expectTypeOf<Extract<TWebhookMessage, { eventType: 'run.failed' }>['data']>().toEqualTypeOf<
      TWebhookData<'run.failed'>
    >();
  });

  it('parses with the payload schema the reference documents, type by type', () => {
    const at = new Date().toISOString();
    const messages = [
      webhookMessageOf(eventOf('extractions.run-finished', { run: runOf('completed') })),
      webhookMessageOf(eventOf('extractions.run-finished', { run: runOf('failed') })),
      webhookMessageOf(eventOf('credits.captured', captured(10))),
      webhookMessageOf(eventOf('extractions.opted-out', { extractionIds: [crypto.randomUUID()] })),
    ];
    expect(messages.map((message) => message?.eventType)).toEqual([
      'run.completed',
      'run.failed',
      'credits.low',
      'extraction.opted_out',
    ]);
    for (const message of messages) {
      if (!message) throw new Error('no message');
      const payload = webhookPayloadOf(message, at);
      expect(ZWebhookPayloadSchema.parse(payload)).toEqual(payload);
      expect(WEBHOOK_PAYLOAD_SCHEMAS[payload.type].strict().safeParse(payload).success).toBe(true);
    }
    // A payload whose data is another type's is refused.
    expect(
      ZWebhookPayloadSchema.safeParse({
        type: 'credits.low',
        timestamp: at,
        data: { run: runOf('completed') },
      }).success,
    ).toBe(false);
  });
});

function defineSourcesSuite(createBus: () => Promise<TEventBus>) {
  let database: TDatabase;
  let bus: TEventBus;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let worker: TWebhookWorker;
  let sources: TSubscription[];

  beforeAll(async () => {
    database = await createMigratedTestDatabase(
      {
        migrationsFolder: migrationsFolderOf(new URL('../service.ts', import.meta.url).href),
        schemaName: 'account',
      },
      { max: 4, logger },
    );
    receiver = await startWebhookReceiver();
    bus = await createBus();
    await bus.ensureStreams();
    worker = startWebhookWorker({
      database,
      config: { ...DEFAULT_WEBHOOK_CONFIG, allowance: ['127.0.0.1'], pollMs: 50, timeoutMs: 2_000 },
      logger,
    });
    sources = await consumeWebhookSources(database, bus, worker.kick);
  });
  afterAll(async () => {
    await Promise.all(sources.map((source) => source.stop()));
    await worker.stop();
    await bus.drain();
    await receiver.close();
    await database.close();
  });

  it('delivers each event once, signed, and credits.low once per crossing, redeliveries included', async () => {
    const userId = crypto.randomUUID();
    await database.db.insert(user).values({ id: userId, name: 'Ada', email: `${userId}@example.com` });
    await ensurePersonalWorkspace(database.db, userId);
    const { secret } = await saveEndpoint(database.db, { ownerKey: userId, userId }, receiver.url);
    const run = runOf('completed');
    const crossing = eventOf('credits.captured', captured(10), userId);
    const extractionIds = [crypto.randomUUID()];
    for (const event of [
      createEvent('extractions.run-finished', userId, { run }),
      createEvent('credits.captured', userId, captured(11)),
      crossing,
      createEvent('credits.captured', userId, captured(9)),
      createEvent('extractions.opted-out', userId, { extractionIds }),
    ]) {
      await bus.publish(event);
    }
    // The crossing again, as after an acknowledgement lost on the way.
    await handleWebhookSource(
      database,
      worker.kick,
    )({ subject: crossing.type, event: crossing, deliveryCount: 2, working: () => {} });

    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(3);
    const bodies = receiver.received.map(
      (hook) =>
        new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as { type: string },
    );
    expect(bodies.map((body) => body.type).sort()).toEqual([
      'credits.low',
      'extraction.opted_out',
      'run.completed',
    ]);
    expect(bodies).toContainEqual(expect.objectContaining({ type: 'run.completed', data: { run } }));
    expect(bodies).toContainEqual(
      expect.objectContaining({ type: 'extraction.opted_out', data: { extractionIds } }),
    );
  });
}

describe('webhook sources and sender (in-process bus, PostgreSQL)', () => {
  defineSourcesSuite(async () => createMemoryBus({ logger }));
});

describe.skipIf(!natsUrl)('webhook sources and sender (NATS JetStream, PostgreSQL)', () => {
  defineSourcesSuite(() =>
    createNatsBus({
      url: natsUrl as string,
      namespace: uniqueNamespace('account'),
      name: 'account-webhooks-test',
    }),
  );
});
