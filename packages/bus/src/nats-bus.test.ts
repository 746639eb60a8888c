import { createServer } from 'node:net';
import {
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAccountEvent,
  createRecorder,
  createRecordingLogger,
  deleteNamespaceStreams,
  wait,
} from './_factories.ts';
import { createBus } from './create-bus.ts';
import { createNatsBus } from './nats-bus.ts';
import type { TEventBus } from './port.ts';
import { uniqueNamespace } from './testing.ts';

const NATS_URL = process.env.NATS_URL;
if (!NATS_URL) {
  console.warn(
    '[bus] Skipped the NATS adapter cases (streams, poison messages, lost consumers): NATS_URL is not set.',
  );
}

describe('createNatsBus without a server', () => {
  it('rejects with an UNAVAILABLE error naming the URL', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const url = `nats://127.0.0.1:${port}`;
    await expect(createNatsBus({ url })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining(url),
    });
  });
});

describe.skipIf(!NATS_URL)('NATS adapter', () => {
  const url = NATS_URL as string;
  let namespace: string;
  let logger: ReturnType<typeof createRecordingLogger>;
  let bus: TEventBus;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeEach(async () => {
    namespace = uniqueNamespace();
    logger = createRecordingLogger();
    bus = await createBus({ natsUrl: url, namespace, logger });
    await bus.ensureStreams();
    nc = await connect({ servers: url });
    jsm = await jetstreamManager(nc);
  });

  afterEach(async () => {
    await bus.drain();
    await nc.close();
    await deleteNamespaceStreams(url, namespace);
  });

  it('creates namespaced file streams with a two-minute duplicate window', async () => {
    expect(bus.kind).toBe('nats');
    const info = await jsm.streams.info(`${namespace}_ACCOUNTS`);
    expect(info.config.subjects).toEqual([`${namespace}.accounts.>`]);
    expect(info.config.storage).toBe(StorageType.File);
    expect(info.config.duplicate_window).toBe(nanos(120_000));
    const names: string[] = [];
    for await (const name of jsm.streams.names()) if (name.startsWith(`${namespace}_`)) names.push(name);
    expect(names.sort()).toEqual(
      ['ACCOUNTS', 'BILLING', 'CREDITS', 'EXTRACTIONS', 'EXTRACTION_JOBS', 'EXTRACTOR_LIVE', 'OPTOUTS']
        .sort()
        .map((s) => `${namespace}_${s}`),
    );
    const jobs = await jsm.streams.info(`${namespace}_EXTRACTION_JOBS`);
    expect(jobs.config.retention).toBe(RetentionPolicy.Workqueue);
    const live = await jsm.streams.info(`${namespace}_EXTRACTOR_LIVE`);
    expect(live.config.max_age).toBe(nanos(120_000));
  });

  it('publishes on the namespaced subject with the event id as message id', async () => {
    const event = buildAccountEvent();
    await bus.publish(event);
    const stored = await jsm.streams.getMessage(`${namespace}_ACCOUNTS`, {
      last_by_subj: `${namespace}.accounts.created`,
    });
    expect(stored?.subject).toBe(`${namespace}.accounts.created`);
    expect(stored?.header.get('Nats-Msg-Id')).toBe(event.id);
    expect(stored?.json()).toEqual(event);
  });

  it('configures the durable consumer from the options and updates it when they change', async () => {
    const options = {
      durable: 'projector',
      stream: 'CREDITS',
      ackWaitMs: 2_000,
      maxDeliver: 4,
      concurrency: 3,
      filterSubjects: ['credits.granted'],
    };
    const first = await bus.consume(options, async () => {});
    const created = await jsm.consumers.info(`${namespace}_CREDITS`, 'projector');
    expect(created.config).toMatchObject({
      durable_name: 'projector',
      ack_policy: 'explicit',
      ack_wait: nanos(2_000),
      max_deliver: 4,
      max_ack_pending: 3,
      filter_subject: `${namespace}.credits.granted`,
    });
    await first.stop();
    await bus.consume({ ...options, ackWaitMs: 5_000, filterSubjects: undefined }, async () => {});
    const updated = await jsm.consumers.info(`${namespace}_CREDITS`, 'projector');
    expect(updated.config.ack_wait).toBe(nanos(5_000));
    expect(updated.config.filter_subject ?? '').toBe('');
  });

  it('terminates and logs malformed messages instead of retrying them', async () => {
    const recorder = createRecorder();
    await bus.consume({ durable: 'strict', stream: 'ACCOUNTS', ackWaitMs: 1_000 }, recorder.handler);
    const js = jetstream(nc);
    await js.publish(`${namespace}.accounts.created`, 'not json');
    await js.publish(`${namespace}.accounts.created`, JSON.stringify({ id: 'x', type: 'accounts.created' }));
    const good = buildAccountEvent();
    await bus.publish(good);
    await vi.waitFor(() => expect(recorder.ids()).toEqual([good.id]));
    const malformed = logger.entries.filter(
      (entry) => entry.message === 'Malformed event terminated instead of retried',
    );
    expect(malformed.map((entry) => entry.fields?.reason)).toEqual([
      'body is not JSON',
      expect.stringContaining('id:'),
    ]);
    // Past the ack wait: a message that was merely left un-acked would have come back by now.
    await wait(1_300);
    const info = await jsm.consumers.info(`${namespace}_ACCOUNTS`, 'strict');
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
    expect(recorder.ids()).toEqual([good.id]);
  });

  it('recreates a consumer deleted from under it and keeps consuming', async () => {
    const recorder = createRecorder();
    await bus.consume({ durable: 'phoenix', stream: 'ACCOUNTS' }, recorder.handler);
    const before = buildAccountEvent();
    await bus.publish(before);
    await vi.waitFor(() => expect(recorder.ids()).toEqual([before.id]));
    await jsm.consumers.delete(`${namespace}_ACCOUNTS`, 'phoenix');
    const after = buildAccountEvent();
    await bus.publish(after);
    // The recreated consumer starts from the stream's beginning; handlers are idempotent on event id.
    await vi.waitFor(() => expect(recorder.ids()).toContain(after.id), { timeout: 15_000 });
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'Consumer lost; restarting it' }),
    );
  });
});
