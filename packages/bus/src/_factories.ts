import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createEvent, type TEventEnvelope } from '@prospector/contracts';
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

export function buildAccountEvent(
  type = 'accounts.created',
  data: Record<string, unknown> = { accountId: crypto.randomUUID() },
): TEventEnvelope<Record<string, unknown>> {
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
