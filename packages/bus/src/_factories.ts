import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createEvent, type TEventEnvelope } from '@prospector/contracts';
import { fakeProfile } from '@prospector/contracts/testing';
import type { TBusLogger } from './logger.ts';
import { createMemoryBroker } from './memory-broker.ts';
import { createMemoryBus } from './memory-bus.ts';
import { createNatsBus } from './nats-bus.ts';
import type { TDelivery, TEventBus } from './port.ts';

/** Test data for the bus tests; nothing here is shared between tests. */

export interface TLogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export function createRecordingLogger(): TBusLogger & { entries: TLogEntry[] } {
  const entries: TLogEntry[] = [];
  const record = (level: TLogEntry['level']) => (message: string, fields?: Record<string, unknown>) => {
    entries.push({ level, message, fields });
  };
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
}

const at = '2026-01-01T00:00:00.000Z';

/** Data each event type's schema in EVENT_DATA accepts, so the bus hands these events on. */
const SAMPLE_DATA: Record<string, Record<string, unknown>> = {
  'accounts.created': { email: 'ada@example.com', name: 'Ada Lovelace' },
  'accounts.updated': { profile: fakeProfile({ createdAt: at, updatedAt: at, trialStartedAt: at }) },
  'accounts.erased': {},
  'credits.granted': { amount: 25, balance: 25, available: 25, reason: 'trial_grant', reference: null },
};

/**
 * An event of `type` whose data its schema accepts (`extra` fields on top are dropped on delivery);
 * a type EVENT_DATA does not name gets `extra` alone, or a random account id.
 */
export function buildAccountEvent(
  type = 'accounts.created',
  extra?: Record<string, unknown>,
): TEventEnvelope<Record<string, unknown>> {
  const sample = SAMPLE_DATA[type];
  const data = sample ? { ...sample, ...extra } : (extra ?? { accountId: crypto.randomUUID() });
  return createEvent(type, 'user-1', data);
}

/** A handler that records what it saw, for assertions on order and redelivery counts. */
export function createRecorder() {
  const deliveries: TDelivery[] = [];
  return {
    deliveries,
    ids: () => deliveries.map((delivery) => delivery.event.id),
    handler: async (delivery: TDelivery) => {
      deliveries.push(delivery);
    },
  };
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface TBusFactory {
  name: 'memory' | 'nats';
  /** Why the adapter cannot run here, or undefined when it can. */
  unavailable: string | undefined;
  create(namespace: string, logger: TBusLogger): Promise<TEventBus>;
  /** Removes what a namespace left on a shared server. */
  cleanUp(namespace: string): Promise<void>;
  /** How many messages a stream of the namespace still stores. */
  storedCount(namespace: string, stream: string): Promise<number>;
  /** Sends `body` as a request on `subject`, past every check of the bus (another program's bug). */
  rawRequest(namespace: string, subject: string, body: string): Promise<string>;
  /** Answers every request on `subject` with `body` as it is, until stopped. */
  rawReplier(namespace: string, subject: string, body: string): Promise<{ stop(): Promise<void> }>;
}

export function memoryBusFactory(): TBusFactory {
  // One broker per test file, like one NATS server: namespaces are what keep tests apart.
  const broker = createMemoryBroker();
  return {
    name: 'memory',
    unavailable: undefined,
    create: async (namespace, logger) => createMemoryBus({ namespace, logger, broker }),
    cleanUp: async () => {},
    storedCount: async (namespace, stream) => broker.storedCount(`${namespace}_${stream}`),
    rawRequest: async (namespace, subject, body) => {
      const replier = broker.findReplier(`${namespace}.${subject}`);
      if (!replier) throw new Error(`nobody answers ${subject}`);
      return replier.answer(body);
    },
    rawReplier: async (namespace, subject, body) => {
      const remove = broker.addReplier(`${namespace}.${subject}`, {
        isReachable: () => true,
        answer: async () => body,
      });
      return { stop: async () => remove() };
    },
  };
}

export function natsBusFactory(url: string | undefined): TBusFactory {
  return {
    name: 'nats',
    unavailable: url ? undefined : 'NATS_URL is not set',
    create: (namespace, logger) => createNatsBus({ url: url as string, namespace, logger, name: namespace }),
    cleanUp: (namespace) => deleteNamespaceStreams(url as string, namespace),
    storedCount: async (namespace, stream) => {
      const nc = await connect({ servers: url as string });
      try {
        const jsm = await jetstreamManager(nc);
        return (await jsm.streams.info(`${namespace}_${stream}`)).state.messages;
      } finally {
        await nc.close();
      }
    },
    rawRequest: async (namespace, subject, body) => {
      const nc = await connect({ servers: url as string });
      try {
        return (await nc.request(`${namespace}.${subject}`, body, { timeout: 5_000 })).string();
      } finally {
        await nc.close();
      }
    },
    rawReplier: async (namespace, subject, body) => {
      const nc = await connect({ servers: url as string });
      nc.subscribe(`${namespace}.${subject}`, {
        callback: (_error, message) => {
          message.respond(body);
        },
      });
      await nc.flush();
      return { stop: () => nc.close() };
    },
  };
}

export async function deleteNamespaceStreams(url: string, namespace: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(`${namespace}_`)) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}
