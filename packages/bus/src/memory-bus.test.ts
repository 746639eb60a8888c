import { ACCOUNT_RPC } from '@prospector/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buildAccountEvent, createRecorder, createRecordingLogger, wait } from './_factories.ts';
import { createBus } from './create-bus.ts';
import { createMemoryBroker } from './memory-broker.ts';
import { createMemoryBus } from './memory-bus.ts';

const pong = { status: 'invalid' } as const;
const ping = { secret: 'pk_ping' };

async function openMemoryBus(options: Parameters<typeof createMemoryBus>[0] = {}) {
  const bus = createMemoryBus({ logger: createRecordingLogger(), ...options });
  await bus.ensureStreams();
  return bus;
}

describe('memory bus', () => {
  it('is what createBus returns without a NATS URL', async () => {
    const bus = await createBus();
    expect(bus.kind).toBe('memory');
    expect(await bus.isHealthy()).toBe(true);
    await bus.drain();
  });

  it('rejects publish and request and reports unhealthy while unavailable', async () => {
    const bus = await openMemoryBus();
    await bus.reply(ACCOUNT_RPC.apiKey, async () => pong);
    bus.setAvailable(false);
    expect(await bus.isHealthy()).toBe(false);
    await expect(bus.publish(buildAccountEvent())).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      details: { reason: 'unavailable' },
    });
    await expect(bus.request(ACCOUNT_RPC.apiKey, ping)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    bus.setAvailable(true);
    expect(await bus.isHealthy()).toBe(true);
    expect(await bus.request(ACCOUNT_RPC.apiKey, ping)).toEqual(pong);
    await bus.drain();
  });

  it('holds messages for an unavailable consumer and delivers them once it is back', async () => {
    const broker = createMemoryBroker();
    const publisher = await openMemoryBus({ broker });
    const consumerBus = await openMemoryBus({ broker });
    const recorder = createRecorder();
    await consumerBus.consume({ durable: 'projector', stream: 'ACCOUNTS' }, recorder.handler);
    consumerBus.setAvailable(false);
    const event = buildAccountEvent();
    await publisher.publish(event);
    await wait(100);
    expect(recorder.deliveries).toEqual([]);
    consumerBus.setAvailable(true);
    await vi.waitFor(() => expect(recorder.ids()).toEqual([event.id]));
    await Promise.all([publisher.drain(), consumerBus.drain()]);
  });

  it('makes the reply handlers of an unavailable bus unreachable', async () => {
    const broker = createMemoryBroker();
    const requester = await openMemoryBus({ broker });
    const responder = await openMemoryBus({ broker });
    await responder.reply(ACCOUNT_RPC.apiKey, async () => pong);
    expect(await requester.request(ACCOUNT_RPC.apiKey, ping)).toEqual(pong);
    responder.setAvailable(false);
    await expect(requester.request(ACCOUNT_RPC.apiKey, ping)).rejects.toMatchObject({
      details: { reason: 'no_responders' },
    });
    await Promise.all([requester.drain(), responder.drain()]);
  });

  it('shares streams between buses of one broker and keeps separate brokers apart', async () => {
    const broker = createMemoryBroker();
    const billing = await openMemoryBus({ broker });
    const accounts = await openMemoryBus({ broker });
    const elsewhere = await openMemoryBus();
    const shared = createRecorder();
    const isolated = createRecorder();
    await billing.consume({ durable: 'billing', stream: 'ACCOUNTS' }, shared.handler);
    await elsewhere.consume({ durable: 'billing', stream: 'ACCOUNTS' }, isolated.handler);
    const event = buildAccountEvent();
    await accounts.publish(event);
    await vi.waitFor(() => expect(shared.ids()).toEqual([event.id]));
    expect(isolated.deliveries).toEqual([]);
    await Promise.all([billing.drain(), accounts.drain(), elsewhere.drain()]);
  });

  it('hands each delivery its own copy of the event', async () => {
    const bus = await openMemoryBus();
    const seen: unknown[] = [];
    await bus.consume({ durable: 'copies', stream: 'ACCOUNTS' }, async ({ event, deliveryCount }) => {
      seen.push(structuredClone(event.data));
      (event.data as { name: string }).name = 'changed by handler';
      if (deliveryCount === 1) throw new Error('retry me');
    });
    const event = buildAccountEvent('accounts.created', { name: 'a-1' });
    await bus.publish(event);
    event.data.name = 'changed by publisher';
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    const sent = { email: 'ada@example.com', name: 'a-1' };
    expect(seen).toEqual([sent, sent]);
    await bus.drain();
  });

  it('redelivers a failed message when its retry timer fires, whatever the wall clock says', async () => {
    // Timers may fire a millisecond before Date.now() reaches their due instant; a frozen clock is
    // the extreme of that and must not leave the message waiting for a pump that never comes.
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const bus = await openMemoryBus();
    const counts: number[] = [];
    await bus.consume({ durable: 'frozen-clock', stream: 'ACCOUNTS' }, async ({ deliveryCount }) => {
      counts.push(deliveryCount);
      if (deliveryCount === 1) throw new Error('fails once');
    });
    try {
      await bus.publish(buildAccountEvent());
      await vi.waitFor(() => expect(counts).toEqual([1, 2]), { timeout: 2_000 });
    } finally {
      frozen.mockRestore();
      await bus.drain();
    }
  });

  it('refuses to publish before ensureStreams and names the fix', async () => {
    const bus = createMemoryBus({ logger: createRecordingLogger() });
    await expect(bus.publish(buildAccountEvent())).rejects.toThrow(/ensureStreams\(\)/);
    await expect(bus.consume({ durable: 'early', stream: 'ACCOUNTS' }, async () => {})).rejects.toThrow(
      /call ensureStreams\(\) first/,
    );
    await bus.drain();
  });

  it('rejects namespaces and durable names that cannot be NATS tokens', async () => {
    expect(() => createMemoryBus({ namespace: 'has.dot' })).toThrow(/namespace/);
    const bus = await openMemoryBus();
    await expect(bus.consume({ durable: 'bad name', stream: 'ACCOUNTS' }, async () => {})).rejects.toThrow(
      /Durable consumer name/,
    );
    await expect(
      bus.consume({ durable: 'ok', stream: 'ACCOUNTS', filterSubjects: ['credits.granted'] }, async () => {}),
    ).rejects.toThrow(/outside stream ACCOUNTS/);
    await bus.drain();
  });
});
