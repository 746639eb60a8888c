import { ACCOUNT_RPC } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAccountEvent, createRecorder, createRecordingLogger } from './_factories.ts';
import { createNatsBus } from './nats-bus.ts';
import type { TEventBus } from './port.ts';
import {
  natsServerForTests,
  startPrivateNatsServer,
  type TPrivateNatsServer,
  uniqueNamespace,
} from './testing.ts';

const serverAvailable = natsServerForTests('private nats-server');

describe('natsServerForTests', () => {
  const missing = () => undefined;

  it('fails loudly under CI when the binary is missing, instead of skipping', () => {
    expect(() => natsServerForTests('some suite', { env: { CI: 'true' }, find: missing })).toThrow(
      /some suite needs the nats-server binary, and CI is set/,
    );
  });

  it('skips with a warning on a machine without the binary outside CI', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(natsServerForTests('some suite', { env: {}, find: missing })).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[some suite] skipped: no nats-server binary'));
    warn.mockRestore();
  });

  it('runs wherever the binary is found', () => {
    expect(
      natsServerForTests('some suite', { env: { CI: 'true' }, find: () => '/usr/sbin/nats-server' }),
    ).toBe(true);
  });
});

describe('uniqueNamespace', () => {
  it('makes distinct names that are valid stream and subject tokens', () => {
    const names = new Set(Array.from({ length: 100 }, () => uniqueNamespace()));
    expect(names.size).toBe(100);
    for (const name of names) expect(name).toMatch(/^t[0-9a-f]{12}$/);
    expect(uniqueNamespace('billing')).toMatch(/^billing[0-9a-f]{12}$/);
  });
});

describe.skipIf(!serverAvailable)('private nats-server', () => {
  let server: TPrivateNatsServer;
  let bus: TEventBus;
  const logger = createRecordingLogger();

  beforeAll(async () => {
    server = await startPrivateNatsServer();
    bus = await createNatsBus({ url: server.url, logger });
    await bus.ensureStreams();
  });

  afterAll(async () => {
    await bus?.drain();
    await server?.dispose();
  });

  it('listens on a local port', () => {
    expect(server.url).toMatch(/^nats:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lets a test take the bus down and bring it back without losing the consumer', async () => {
    const recorder = createRecorder();
    await bus.consume({ durable: 'survivor', stream: 'ACCOUNTS', ackWaitMs: 1_000 }, recorder.handler);
    const before = buildAccountEvent();
    await bus.publish(before);
    await vi.waitFor(() => expect(recorder.ids()).toEqual([before.id]));
    expect(await bus.isHealthy()).toBe(true);

    await server.stop();
    await vi.waitFor(async () => expect(await bus.isHealthy()).toBe(false), { timeout: 5_000 });
    await expect(bus.publish(buildAccountEvent())).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(bus.request(ACCOUNT_RPC.apiKey, { secret: 'pk_any' })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });

    await server.start();
    await vi.waitFor(async () => expect(await bus.isHealthy()).toBe(true), { timeout: 10_000 });
    const after = buildAccountEvent();
    await bus.publish(after);
    // Streams and the durable consumer live in the store directory, so the consumer picks up the new
    // event. Killed mid-flight, the server may not have stored the first ack, and delivery is at least
    // once: `before` may come again, but nothing else may.
    await vi.waitFor(() => expect(recorder.ids()).toContain(after.id), { timeout: 15_000 });
    expect(new Set(recorder.ids())).toEqual(new Set([before.id, after.id]));
    expect(recorder.ids().at(-1)).toBe(after.id);
  });
});
