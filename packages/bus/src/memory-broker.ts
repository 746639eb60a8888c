import { MemoryConsumer, type TMemoryConsumerConfig, type TMemorySubscriber } from './memory-consumer.ts';
import { createMemoryCoreRouting } from './memory-core-routing.ts';
import { MemoryStream, type TMemoryRetention } from './memory-stream.ts';
import { matchAnySubject } from './subject-match.ts';

/**
 * The in-process stand-in for a NATS server: streams with message-id de-duplication, durable
 * consumers with ack wait, nak delay, max deliver and max ack pending, and request/reply routing.
 * Buses that share one broker see each other's messages, like clients of one server; namespaces
 * keep them apart as they do on NATS.
 */
export interface TMemoryBroker {
  ensureStream(name: string, subjects: string[], retention?: TMemoryRetention): void;
  /** How many messages a stream still keeps (acked work-queue messages and aged ones are gone). */
  storedCount(name: string): number;
  /** Stores a message; false when no stream takes the subject. Duplicates are dropped silently. */
  publish(wireSubject: string, messageId: string, body: string): boolean;
  attachConsumer(
    stream: string,
    durable: string,
    config: TMemoryConsumerConfig,
    subscriber: TMemorySubscriber,
  ): () => void;
  /** Re-checks every consumer for deliverable work (after a bus becomes reachable again). */
  wake(): void;
  addReplier(wireSubject: string, replier: TMemoryReplier): () => void;
  /** Live fan-out: `listener` hears every message published on `wirePatterns` from now on. */
  addListener(wirePatterns: string[], listener: (wireSubject: string, body: string) => void): () => void;
  findReplier(wireSubject: string): TMemoryReplier | undefined;
  /** A durable's backlog: messages not yet delivered, and delivered but unacknowledged. */
  consumerLag(stream: string, durable: string): { pending: number; ackPending: number } | undefined;
}

export type { TMemoryConsumerConfig, TMemorySubscriber } from './memory-consumer.ts';
export type { TMemoryRetention } from './memory-stream.ts';

export interface TMemoryReplier {
  isReachable(): boolean;
  answer(body: string): Promise<string>;
}

export function createMemoryBroker(): TMemoryBroker {
  const streams = new Map<string, MemoryStream>();
  const core = createMemoryCoreRouting();

  return {
    ensureStream(name, subjects, retention) {
      const existing = streams.get(name);
      if (existing) {
        existing.subjects.splice(0, existing.subjects.length, ...subjects);
        if (retention) existing.retention = retention;
        return;
      }
      streams.set(name, new MemoryStream([...subjects], retention));
    },

    storedCount: (name) => streams.get(name)?.storedCount() ?? 0,

    publish(wireSubject, messageId, body) {
      for (const stream of streams.values()) {
        if (matchAnySubject(stream.subjects, wireSubject)) {
          stream.append(wireSubject, messageId, body);
          core.notifyListeners(wireSubject, body);
          return true;
        }
      }
      return false;
    },

    consumerLag(streamName, durable) {
      return streams.get(streamName)?.consumers.get(durable)?.lag();
    },

    attachConsumer(streamName, durable, config, subscriber) {
      const stream = streams.get(streamName);
      if (!stream) throw new Error(`Stream ${streamName} does not exist; call ensureStreams() first`);
      let consumer = stream.consumers.get(durable);
      if (consumer) consumer.config = config;
      else {
        consumer = new MemoryConsumer(stream, config);
        stream.consumers.set(durable, consumer);
      }
      return consumer.attach(subscriber);
    },

    wake() {
      for (const stream of streams.values()) {
        for (const consumer of stream.consumers.values()) consumer.schedulePump();
      }
    },

    addReplier: core.addReplier,
    addListener: core.addListener,
    findReplier: core.findReplier,
  };
}
