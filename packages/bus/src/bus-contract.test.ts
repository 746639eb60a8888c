import { AppError, BILLING_RPC, createEvent } from '@prospector/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAccountEvent,
  createRecorder,
  createRecordingLogger,
  memoryBusFactory,
  natsBusFactory,
  type TBusFactory,
  wait,
} from './_factories.ts';
import { RemoteReplyError } from './bus-errors.ts';
import { CONSUMER_STOP_GRACE_MS } from './in-flight.ts';
import type { TDelivery, TEventBus } from './port.ts';
import { uniqueNamespace } from './testing.ts';

// Behaviour the NATS adapter shows in production must hold on the in-process adapter too, so one
// suite runs against both.
const factories: TBusFactory[] = [memoryBusFactory(), natsBusFactory(process.env.NATS_URL)];

for (const factory of factories) {
  if (factory.unavailable) {
    console.warn(
      `[bus] Skipped the ${factory.name.toUpperCase()} adapter contract cases: ${factory.unavailable} (CI sets it).`,
    );
  }
}

const holdId = '0b5c7c9e-3f0a-4a51-9d1e-7a8f6c2b1d00';

describe.each(factories)('$name bus', (factory) => {
  describe.skipIf(factory.unavailable !== undefined)('contract', () => {
    let bus: TEventBus;
    let namespace: string;
    let logger: ReturnType<typeof createRecordingLogger>;
    const extraBuses: TEventBus[] = [];
    const namespaces = new Set<string>();

    async function openBus(ns = namespace): Promise<TEventBus> {
      namespaces.add(ns);
      const opened = await factory.create(ns, logger);
      await opened.ensureStreams();
      extraBuses.push(opened);
      return opened;
    }

    beforeEach(async () => {
      namespace = uniqueNamespace();
      logger = createRecordingLogger();
      bus = await openBus();
    });

    afterEach(async () => {
      const buses = extraBuses.splice(0);
      await Promise.all(buses.map((opened) => opened.drain()));
      for (const ns of namespaces) await factory.cleanUp(ns);
      namespaces.clear();
    });

    it('is healthy while connected', async () => {
      expect(bus.kind).toBe(factory.name);
      expect(await bus.isHealthy()).toBe(true);
    });

    it('ensureStreams can run again without changing anything', async () => {
      await bus.ensureStreams();
      const recorder = createRecorder();
      await bus.consume({ durable: 'twice', stream: 'ACCOUNTS' }, recorder.handler);
      const event = buildAccountEvent();
      await bus.publish(event);
      await vi.waitFor(() => expect(recorder.ids()).toEqual([event.id]));
    });

    it('drops a second publish of the same event id', async () => {
      const recorder = createRecorder();
      await bus.consume({ durable: 'dedupe', stream: 'ACCOUNTS' }, recorder.handler);
      const event = buildAccountEvent();
      await bus.publish(event);
      await bus.publish(event);
      // A later event proves the consumer has moved past where a duplicate would have been.
      const marker = buildAccountEvent('accounts.updated');
      await bus.publish(marker);
      await vi.waitFor(() => expect(recorder.deliveries).toHaveLength(2));
      await wait(100);
      expect(recorder.ids()).toEqual([event.id, marker.id]);
      expect(recorder.deliveries[0]?.subject).toBe('accounts.created');
      expect(recorder.deliveries[0]?.event).toEqual(event);
      expect(recorder.deliveries[0]?.deliveryCount).toBe(1);
    });

    it('redelivers a message whose handler threw', async () => {
      const seen: Array<{ id: string; count: number }> = [];
      await bus.consume({ durable: 'nak', stream: 'ACCOUNTS' }, async ({ event, deliveryCount }) => {
        seen.push({ id: event.id, count: deliveryCount });
        if (deliveryCount === 1) throw new Error('first attempt fails');
      });
      const event = buildAccountEvent();
      await bus.publish(event);
      await vi.waitFor(() => expect(seen).toHaveLength(2));
      expect(seen).toEqual([
        { id: event.id, count: 1 },
        { id: event.id, count: 2 },
      ]);
      expect(logger.entries).toContainEqual(
        expect.objectContaining({ level: 'warn', message: 'Handler failed; event will be redelivered' }),
      );
    });

    it('redelivers a message whose handler outlived the ack wait', async () => {
      const starts: Array<{ count: number; at: number }> = [];
      await bus.consume(
        { durable: 'ackwait', stream: 'ACCOUNTS', ackWaitMs: 1_000 },
        async ({ deliveryCount }) => {
          starts.push({ count: deliveryCount, at: Date.now() });
          if (deliveryCount === 1) await wait(1_500);
        },
      );
      await bus.publish(buildAccountEvent());
      await vi.waitFor(() => expect(starts).toHaveLength(2), { timeout: 5_000 });
      expect(starts.map((start) => start.count)).toEqual([1, 2]);
      const [first, second] = starts;
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
    });

    it('keeps a message whose slow handler says it is still working', async () => {
      const starts: number[] = [];
      let finished = 0;
      await bus.consume(
        { durable: 'working', stream: 'ACCOUNTS', ackWaitMs: 1_000 },
        async ({ deliveryCount, working }) => {
          starts.push(deliveryCount);
          // Three ack waits long, with an in-progress ack every 300 ms.
          for (let elapsed = 0; elapsed < 3_000; elapsed += 300) {
            working();
            await wait(300);
          }
          finished += 1;
        },
      );
      await bus.publish(buildAccountEvent());
      await vi.waitFor(() => expect(finished).toBe(1), { timeout: 10_000 });
      // Past one more ack wait: nothing comes back once acked.
      await wait(1_500);
      expect(starts).toEqual([1]);
    });

    it('gives up after maxDeliver failed deliveries and moves on', async () => {
      const counts: number[] = [];
      const poison = buildAccountEvent('accounts.created');
      await bus.consume(
        { durable: 'maxdeliver', stream: 'ACCOUNTS', maxDeliver: 3 },
        async ({ event, deliveryCount }) => {
          counts.push(deliveryCount);
          if (event.id === poison.id) throw new Error('always fails');
        },
      );
      await bus.publish(poison);
      const next = buildAccountEvent();
      await bus.publish(next);
      await vi.waitFor(() => expect(counts).toEqual([1, 2, 3, 1]), { timeout: 5_000 });
      await wait(500);
      expect(counts).toEqual([1, 2, 3, 1]);
      expect(logger.entries).toContainEqual(
        expect.objectContaining({
          level: 'error',
          message: 'Handler failed on the last allowed delivery; event given up',
          fields: expect.objectContaining({ eventId: poison.id, deliveryCount: 3 }),
        }),
      );
    });

    it('keeps a durable consumer position across a restart', async () => {
      const first = createRecorder();
      const options = { durable: 'restart', stream: 'ACCOUNTS', ackWaitMs: 1_000 };
      const subscription = await bus.consume(options, first.handler);
      const before = buildAccountEvent();
      await bus.publish(before);
      await vi.waitFor(() => expect(first.ids()).toEqual([before.id]));
      await subscription.stop();

      const whileStopped = [buildAccountEvent(), buildAccountEvent('accounts.erased')];
      for (const event of whileStopped) await bus.publish(event);
      await wait(100);
      expect(first.ids()).toEqual([before.id]);

      const second = createRecorder();
      await bus.consume(options, second.handler);
      await vi.waitFor(() => expect(second.ids()).toEqual(whileStopped.map((event) => event.id)));
      await wait(100);
      expect(second.ids()).toEqual(whileStopped.map((event) => event.id));
    });

    it("reports each durable's backlog: undelivered and unacknowledged messages", async () => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      await bus.consume({ durable: 'lagging', stream: 'ACCOUNTS', concurrency: 1 }, () => gate);
      for (let index = 0; index < 3; index += 1) await bus.publish(buildAccountEvent());
      const lagging = async () => (await bus.consumerLag()).find((lag) => lag.durable === 'lagging');
      await vi.waitFor(async () => expect(await lagging()).toMatchObject({ pending: 2, ackPending: 1 }), {
        timeout: 5_000,
      });
      expect((await lagging())?.stream).toMatch(/ACCOUNTS/);
      release();
      await vi.waitFor(async () => expect(await lagging()).toMatchObject({ pending: 0, ackPending: 0 }), {
        timeout: 5_000,
      });
    });

    it('delivers in publish order with concurrency 1', async () => {
      const recorder = createRecorder();
      await bus.consume({ durable: 'ordered', stream: 'CREDITS' }, async (delivery) => {
        // Uneven handler times would reorder a consumer that ran messages side by side.
        await wait(Math.random() * 3);
        await recorder.handler(delivery);
      });
      const events = Array.from({ length: 50 }, (_, index) =>
        buildAccountEvent('credits.granted', { index }),
      );
      for (const event of events) await bus.publish(event);
      await vi.waitFor(() => expect(recorder.deliveries).toHaveLength(50), { timeout: 10_000 });
      expect(recorder.ids()).toEqual(events.map((event) => event.id));
    });

    it('runs at most `concurrency` handlers at once', async () => {
      let running = 0;
      let peak = 0;
      let done = 0;
      await bus.consume({ durable: 'parallel', stream: 'ACCOUNTS', concurrency: 2 }, async () => {
        running += 1;
        peak = Math.max(peak, running);
        await wait(150);
        running -= 1;
        done += 1;
      });
      for (let index = 0; index < 5; index += 1) await bus.publish(buildAccountEvent());
      await vi.waitFor(() => expect(done).toBe(5), { timeout: 5_000 });
      expect(peak).toBe(2);
    });

    it('shares a work-queue stream among the instances of a durable and forgets acked messages', async () => {
      const other = await openBus();
      const first = createRecorder();
      const second = createRecorder();
      const options = { durable: 'jobs', stream: 'EXTRACTION_JOBS', concurrency: 4 };
      await bus.consume(options, first.handler);
      await other.consume(options, second.handler);
      const jobs = Array.from({ length: 12 }, () => createEvent('extractor.jobs.other', null, { step: 1 }));
      for (const job of jobs) await bus.publish(job);
      await vi.waitFor(() => expect(first.ids().length + second.ids().length).toBe(jobs.length));
      expect(new Set([...first.ids(), ...second.ids()]).size).toBe(jobs.length);
      await vi.waitFor(async () => expect(await factory.storedCount(namespace, 'EXTRACTION_JOBS')).toBe(0));
      // A stream with the default retention keeps what its consumers acked.
      const kept = createRecorder();
      await bus.consume({ durable: 'kept', stream: 'ACCOUNTS' }, kept.handler);
      await bus.publish(buildAccountEvent());
      await vi.waitFor(() => expect(kept.ids()).toHaveLength(1));
      expect(await factory.storedCount(namespace, 'ACCOUNTS')).toBe(1);
    });

    it('delivers only the filtered subjects', async () => {
      const single = createRecorder();
      const several = createRecorder();
      await bus.consume(
        { durable: 'single', stream: 'ACCOUNTS', filterSubjects: ['accounts.erased'] },
        single.handler,
      );
      await bus.consume(
        { durable: 'several', stream: 'ACCOUNTS', filterSubjects: ['accounts.created', 'accounts.erased'] },
        several.handler,
      );
      const created = buildAccountEvent('accounts.created');
      const updated = buildAccountEvent('accounts.updated');
      const erased = buildAccountEvent('accounts.erased');
      for (const event of [created, updated, erased]) await bus.publish(event);
      await vi.waitFor(() => expect(several.ids()).toEqual([created.id, erased.id]));
      await vi.waitFor(() => expect(single.ids()).toEqual([erased.id]));
    });

    it('fans live events out to every subscriber of every bus, from now on only', async () => {
      const before = buildAccountEvent('accounts.created');
      await bus.publish(before);
      const peer = await openBus();
      const first = createRecorder();
      const second = createRecorder();
      const credits = createRecorder();
      const stopFirst = await bus.subscribe(['accounts.updated', 'accounts.erased'], first.handler);
      await peer.subscribe(['accounts.>'], second.handler);
      await peer.subscribe(['credits.*'], credits.handler);

      const updated = buildAccountEvent('accounts.updated');
      const erased = buildAccountEvent('accounts.erased');
      const granted = createEvent('credits.granted', 'user-1', { balance: 25 });
      for (const event of [updated, erased, granted]) await bus.publish(event);
      await vi.waitFor(() => expect(first.ids()).toEqual([updated.id, erased.id]));
      await vi.waitFor(() => expect(second.ids()).toEqual([updated.id, erased.id]));
      await vi.waitFor(() => expect(credits.ids()).toEqual([granted.id]));
      expect(second.deliveries.map((delivery) => delivery.subject)).toEqual([
        'accounts.updated',
        'accounts.erased',
      ]);
      expect(credits.deliveries[0]?.event.data).toEqual({ balance: 25 });

      // A durable consumer on the same stream still gets everything; live ones do not replay.
      const durable = createRecorder();
      await bus.consume({ durable: 'alongside', stream: 'ACCOUNTS' }, durable.handler);
      await vi.waitFor(() => expect(durable.ids()).toEqual([before.id, updated.id, erased.id]));

      await stopFirst.stop();
      const later = buildAccountEvent('accounts.updated');
      await bus.publish(later);
      await vi.waitFor(() => expect(second.ids()).toContain(later.id));
      expect(first.ids()).not.toContain(later.id);
    });

    it('keeps a live subscriber going when its handler throws, and checks patterns', async () => {
      const seen: string[] = [];
      await bus.subscribe(['accounts.updated'], async ({ event }) => {
        seen.push(event.id);
        throw new Error('handler broke');
      });
      const one = buildAccountEvent('accounts.updated');
      const two = buildAccountEvent('accounts.updated');
      await bus.publish(one);
      await bus.publish(two);
      await vi.waitFor(() => expect(seen).toEqual([one.id, two.id]));
      expect(logger.entries.filter((entry) => entry.message === 'Live subscriber failed')).toHaveLength(2);
      await expect(bus.subscribe(['accounts.>.x'], async () => {})).rejects.toThrow(/not a valid subject/);
      await expect(bus.subscribe(['accounts..created'], async () => {})).rejects.toThrow(
        /not a valid subject/,
      );
    });

    it('keeps namespaces apart', async () => {
      const other = await openBus(uniqueNamespace());
      const mine = createRecorder();
      const theirs = createRecorder();
      await bus.consume({ durable: 'iso', stream: 'ACCOUNTS' }, mine.handler);
      await other.consume({ durable: 'iso', stream: 'ACCOUNTS' }, theirs.handler);
      const event = buildAccountEvent();
      await bus.publish(event);
      await vi.waitFor(() => expect(mine.ids()).toEqual([event.id]));
      await wait(100);
      expect(theirs.deliveries).toEqual([]);
    });

    it('rejects invalid events and subjects no stream stores', async () => {
      const invalid = { ...buildAccountEvent(), id: 'not-a-uuid' };
      await expect(bus.publish(invalid)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(bus.publish(buildAccountEvent('orphans.created'))).rejects.toMatchObject({
        details: { reason: 'no_stream' },
      });
      await expect(bus.consume({ durable: 'x', stream: 'NOPE' }, async () => {})).rejects.toThrow(
        /Unknown stream/,
      );
    });

    const balance = { balance: 7, available: 5, held: 2, updatedAt: null };

    it('answers requests, typed and parsed at both ends', async () => {
      const asked: unknown[] = [];
      await bus.reply(BILLING_RPC.capture, async (data) => {
        asked.push(data);
        return { refused: 'insufficient', needed: data.amount, available: 0 };
      });
      const answer = await bus.request(BILLING_RPC.capture, { holdId, itemKey: 'item-1' });
      // The request's default (amount 1) was applied before it left; the answer is the typed union.
      expect(asked).toEqual([{ holdId, itemKey: 'item-1', amount: 1 }]);
      expect(answer).toEqual({ refused: 'insufficient', needed: 1, available: 0 });
      if (!('refused' in answer) || answer.refused !== 'insufficient') throw new Error('expected a refusal');
      expect(answer.needed - answer.available).toBe(1);
    });

    it('refuses a malformed request before it leaves', async () => {
      const handler = vi.fn(async () => balance);
      await bus.reply(BILLING_RPC.balance, handler);
      const refused = await bus.request(BILLING_RPC.balance, { userId: '' }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { reason: 'invalid_request', subject: BILLING_RPC.balance },
      });
      expect((refused as AppError).message).toMatch(/Invalid request on "rpc\.billing\.balance": userId/);
      expect(handler).not.toHaveBeenCalled();
    });

    it('answers a malformed request VALIDATION_FAILED without running the handler, and logs it', async () => {
      const handler = vi.fn(async () => balance);
      await bus.reply(BILLING_RPC.balance, handler);
      for (const body of ['{"user":"x"}', 'not json']) {
        const answer = JSON.parse(await factory.rawRequest(namespace, BILLING_RPC.balance, body));
        expect(answer).toEqual({
          error: {
            code: 'VALIDATION_FAILED',
            message: expect.stringMatching(/^Invalid request on "rpc\.billing\.balance"/),
          },
        });
      }
      expect(handler).not.toHaveBeenCalled();
      expect(logger.entries.filter((entry) => entry.message === 'Malformed request refused')).toHaveLength(2);
      // The same responder answers a well-formed request.
      expect(await bus.request(BILLING_RPC.balance, { userId: 'u-1' })).toEqual(balance);
    });

    it('rejects a malformed reply with a clear AppError', async () => {
      const raw = await factory.rawReplier(namespace, BILLING_RPC.balance, '{"data":{"balance":"lots"}}');
      try {
        const failure = await bus
          .request(BILLING_RPC.balance, { userId: 'u-1' })
          .catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(AppError);
        expect(failure).toMatchObject({
          code: 'INTERNAL',
          details: { reason: 'invalid_reply', subject: BILLING_RPC.balance },
        });
        expect((failure as AppError).message).toMatch(/^Malformed reply on "rpc\.billing\.balance": /);
      } finally {
        await raw.stop();
      }
    });

    it('answers INTERNAL, and logs, when its own handler answers what the schema refuses', async () => {
      await bus.reply(BILLING_RPC.balance, async () => ({ ...balance, balance: -1 }));
      await expect(bus.request(BILLING_RPC.balance, { userId: 'u-1' })).rejects.toMatchObject({
        code: 'INTERNAL',
        message: expect.stringMatching(/^Malformed reply on "rpc\.billing\.balance"/),
      });
      expect(logger.entries).toContainEqual(
        expect.objectContaining({
          level: 'error',
          message: 'Reply handler answered what its response schema refuses',
        }),
      );
    });

    it('returns a reply handler error to the requester', async () => {
      await bus.reply(BILLING_RPC.balance, async ({ userId }) => {
        if (userId === 'app') throw new AppError('NOT_FOUND', 'No such account');
        throw Object.assign(new Error('Disk on fire'), { code: 'E_DISK' });
      });
      const appError = await bus
        .request(BILLING_RPC.balance, { userId: 'app' })
        .catch((error: unknown) => error);
      expect(appError).toBeInstanceOf(AppError);
      expect(appError).toMatchObject({ code: 'NOT_FOUND', message: 'No such account' });
      const foreign = await bus
        .request(BILLING_RPC.balance, { userId: 'other' })
        .catch((error: unknown) => error);
      expect(foreign).toBeInstanceOf(RemoteReplyError);
      expect(foreign).toMatchObject({ code: 'E_DISK', message: 'Disk on fire' });
    });

    it('rejects a request nobody answers, or nobody answers in time', async () => {
      await expect(bus.request(BILLING_RPC.balance, { userId: 'u-1' })).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        details: { reason: 'no_responders' },
      });
      // The reply comes long after the timeout, so a loaded machine cannot blur the two.
      await bus.reply(BILLING_RPC.balance, async () => {
        await wait(2_000);
        return balance;
      });
      const started = Date.now();
      await expect(
        bus.request(BILLING_RPC.balance, { userId: 'u-1' }, { timeoutMs: 200 }),
      ).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        details: { reason: 'timeout' },
      });
      expect(Date.now() - started).toBeLessThan(1_500);
    });

    it('refuses subjects outside the RPC table and request subjects that a stream would store', async () => {
      // Casts: the types already refuse these; a caller that casts still gets a clear error.
      await expect(bus.request('accounts.lookup' as never, {} as never)).rejects.toThrow(
        /belongs to stream ACCOUNTS/,
      );
      await expect(bus.reply('credits.lookup' as never, async () => 1 as never)).rejects.toThrow(
        /belongs to stream CREDITS/,
      );
      await expect(bus.request('rpc.nowhere' as never, {} as never)).rejects.toThrow(
        /not a request\/reply subject of the RPC table/,
      );
      await expect(bus.reply('rpc.nowhere' as never, async () => 1 as never)).rejects.toThrow(
        /not a request\/reply subject of the RPC table/,
      );
    });

    it('hands a consumer typed, parsed data; a malformed event is logged and acknowledged once', async () => {
      const seen: Array<{ type: string; email?: string }> = [];
      await bus.consume(
        {
          durable: 'typed',
          stream: 'ACCOUNTS',
          filterSubjects: ['accounts.created', 'accounts.erased'],
          ackWaitMs: 1_000,
        },
        async ({ event }) => {
          // Narrowed by the type: `email` is a string here, no cast, no safeParse.
          if (event.type === 'accounts.created') seen.push({ type: event.type, email: event.data.email });
          else seen.push({ type: event.type });
        },
      );
      const malformed = createEvent('accounts.created', 'user-1', { email: 42 });
      const good = buildAccountEvent('accounts.created', { extra: 'dropped' });
      const erased = buildAccountEvent('accounts.erased');
      for (const event of [malformed, good, erased]) await bus.publish(event);
      await vi.waitFor(() => expect(seen).toHaveLength(2));
      expect(seen).toEqual([
        { type: 'accounts.created', email: 'ada@example.com' },
        { type: 'accounts.erased' },
      ]);
      const dropped = () =>
        logger.entries.filter(
          (entry) => entry.message === 'Malformed event data acknowledged without handling',
        );
      expect(dropped()).toEqual([
        expect.objectContaining({
          level: 'error',
          fields: expect.objectContaining({
            eventId: malformed.id,
            subject: 'accounts.created',
            durable: 'typed',
            deliveryCount: 1,
            reason: expect.stringContaining('email'),
          }),
        }),
      ]);
      // Past the ack wait, nothing comes back: it was acknowledged, not left to redeliver.
      await wait(1_600);
      expect(dropped()).toHaveLength(1);
      expect(seen).toHaveLength(2);
      await vi.waitFor(async () =>
        expect(await bus.consumerLag()).toContainEqual(
          expect.objectContaining({ durable: 'typed', pending: 0, ackPending: 0 }),
        ),
      );
    });

    it('drain waits for running handlers, then refuses work', async () => {
      const events: string[] = [];
      let started!: () => void;
      const handlerStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      await bus.consume({ durable: 'drain', stream: 'ACCOUNTS' }, async (delivery: TDelivery) => {
        started();
        await wait(300);
        // Handlers finishing during drain may still publish what they produced.
        await bus.publish(buildAccountEvent('accounts.updated', { from: delivery.event.id }));
        events.push('handler done');
      });
      await bus.publish(buildAccountEvent());
      await handlerStarted;
      await bus.drain();
      events.push('drained');
      expect(events).toEqual(['handler done', 'drained']);
      expect(await bus.isHealthy()).toBe(false);
      await expect(bus.publish(buildAccountEvent())).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    });

    it('stops a consumer within its grace when a handler never ends, unacknowledged and logged', async () => {
      const options = { durable: 'grace', stream: 'ACCOUNTS', ackWaitMs: 1_000 };
      let started!: () => void;
      const handlerStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      const subscription = await bus.consume(options, async () => {
        started();
        await new Promise(() => {}); // a handler stuck for good (a slow provider, a lost connection)
      });
      const event = buildAccountEvent();
      await bus.publish(event);
      await handlerStarted;
      const stopping = Date.now();
      await subscription.stop();
      const tookMs = Date.now() - stopping;
      expect(tookMs).toBeGreaterThanOrEqual(CONSUMER_STOP_GRACE_MS - 50);
      expect(tookMs).toBeLessThan(CONSUMER_STOP_GRACE_MS + 1_000);
      expect(logger.entries).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          message: 'Stopped with handlers still running; their messages were not acknowledged',
          fields: expect.objectContaining({ durable: expect.stringContaining('grace'), running: 1 }),
        }),
      );
      // Never acknowledged: the durable's next instance gets the message again.
      const next = createRecorder();
      await bus.consume(options, next.handler);
      await vi.waitFor(() => expect(next.ids()).toEqual([event.id]), { timeout: 5_000 });
    });
  });
});
