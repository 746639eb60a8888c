import { DUPLICATE_WINDOW_MS } from './consumer-options.ts';
import type { TDeliveryControls, TRawDelivery } from './process-delivery.ts';
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
  hasStream(name: string): boolean;
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

export interface TMemoryConsumerConfig {
  filterSubjects: string[];
  ackWaitMs: number;
  maxDeliver: number;
  maxAckPending: number;
}

export interface TMemorySubscriber {
  canAccept(): boolean;
  dispatch(delivery: TRawDelivery, controls: TDeliveryControls): void;
}

export interface TMemoryReplier {
  isReachable(): boolean;
  answer(body: string): Promise<string>;
}

/** Like JetStream's: a work queue forgets acked messages, `maxAgeMs` forgets old ones. */
export interface TMemoryRetention {
  workQueue?: boolean;
  maxAgeMs?: number;
}

interface TStoredMessage {
  seq: number;
  subject: string;
  body: string;
  storedAt: number;
}

interface TPendingMessage {
  message: TStoredMessage;
  deliveryCount: number;
  /** Changes on every delivery, so an ack from an expired delivery cannot ack the next one. */
  token: number;
  /** `out`: a handler has it; `due`: waiting for redelivery, which may start once `ready`. */
  state: 'out' | 'due';
  ready: boolean;
  timer: NodeJS.Timeout | undefined;
}

class MemoryStream {
  /** Indexed by seq − 1; a forgotten message leaves a hole, so consumers' cursors stay valid. */
  readonly messages: (TStoredMessage | undefined)[] = [];
  readonly consumers = new Map<string, MemoryConsumer>();
  private readonly recentIds = new Map<string, number>();
  /** Messages before this index have all been checked against `maxAgeMs`. */
  private agedUpTo = 0;

  constructor(
    readonly subjects: string[],
    public retention: TMemoryRetention = {},
  ) {}

  append(subject: string, messageId: string, body: string): void {
    const now = Date.now();
    for (const [id, expiresAt] of this.recentIds) {
      if (expiresAt > now) break;
      this.recentIds.delete(id);
    }
    this.forgetAged(now);
    if (this.recentIds.has(messageId)) return;
    this.recentIds.set(messageId, now + Math.min(DUPLICATE_WINDOW_MS, this.retention.maxAgeMs ?? Infinity));
    this.messages.push({ seq: this.messages.length + 1, subject, body, storedAt: now });
    for (const consumer of this.consumers.values()) consumer.schedulePump();
  }

  /** An acked message of a work queue is done with. */
  acked(seq: number): void {
    if (this.retention.workQueue) this.messages[seq - 1] = undefined;
  }

  storedCount(): number {
    this.forgetAged(Date.now());
    return this.messages.reduce((count, message) => count + (message ? 1 : 0), 0);
  }

  private forgetAged(now: number): void {
    const { maxAgeMs } = this.retention;
    if (maxAgeMs === undefined) return;
    while (this.agedUpTo < this.messages.length) {
      const message = this.messages[this.agedUpTo];
      if (message && message.storedAt > now - maxAgeMs) return;
      this.messages[this.agedUpTo] = undefined;
      this.agedUpTo += 1;
    }
  }
}

let nextToken = 1;

class MemoryConsumer {
  private cursor = 0;
  private readonly pending = new Map<number, TPendingMessage>();
  private readonly subscribers: TMemorySubscriber[] = [];
  private turn = 0;
  private pumpScheduled = false;

  constructor(
    private readonly stream: MemoryStream,
    public config: TMemoryConsumerConfig,
  ) {}

  lag(): { pending: number; ackPending: number } {
    const { filterSubjects } = this.config;
    let pending = 0;
    for (let index = this.cursor; index < this.stream.messages.length; index += 1) {
      const message = this.stream.messages[index];
      if (message && (filterSubjects.length === 0 || matchAnySubject(filterSubjects, message.subject)))
        pending += 1;
    }
    return { pending, ackPending: this.pending.size };
  }

  attach(subscriber: TMemorySubscriber): () => void {
    this.subscribers.push(subscriber);
    this.schedulePump();
    return () => {
      const index = this.subscribers.indexOf(subscriber);
      if (index >= 0) this.subscribers.splice(index, 1);
    };
  }

  /** Deferred so acks and dispatches made while pumping never re-enter the loop. */
  schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    queueMicrotask(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    for (;;) {
      const subscriber = this.pickSubscriber();
      if (!subscriber) return;
      const entry = this.nextRedelivery() ?? this.nextNewMessage();
      if (!entry) return;
      this.deliver(entry, subscriber);
    }
  }

  private pickSubscriber(): TMemorySubscriber | undefined {
    for (let offset = 0; offset < this.subscribers.length; offset += 1) {
      const index = (this.turn + offset) % this.subscribers.length;
      const subscriber = this.subscribers[index];
      if (subscriber?.canAccept()) {
        this.turn = index + 1;
        return subscriber;
      }
    }
    return undefined;
  }

  /** Redeliveries go first and in stream order, as JetStream does, so order per subject holds. */
  private nextRedelivery(): TPendingMessage | undefined {
    let found: TPendingMessage | undefined;
    for (const entry of this.pending.values()) {
      if (entry.state !== 'due' || !entry.ready) continue;
      if (!found || entry.message.seq < found.message.seq) found = entry;
    }
    return found;
  }

  private nextNewMessage(): TPendingMessage | undefined {
    if (this.pending.size >= this.config.maxAckPending) return undefined;
    const { filterSubjects } = this.config;
    while (this.cursor < this.stream.messages.length) {
      const message = this.stream.messages[this.cursor];
      this.cursor += 1;
      if (!message) continue;
      if (filterSubjects.length > 0 && !matchAnySubject(filterSubjects, message.subject)) continue;
      const entry: TPendingMessage = {
        message,
        deliveryCount: 0,
        token: 0,
        state: 'due',
        ready: true,
        timer: undefined,
      };
      this.pending.set(message.seq, entry);
      return entry;
    }
    return undefined;
  }

  private deliver(entry: TPendingMessage, subscriber: TMemorySubscriber): void {
    entry.deliveryCount += 1;
    entry.token = nextToken++;
    entry.state = 'out';
    const token = entry.token;
    this.setTimer(entry, this.config.ackWaitMs, () => this.expire(entry, token));
    subscriber.dispatch(
      { wireSubject: entry.message.subject, body: entry.message.body, deliveryCount: entry.deliveryCount },
      {
        ack: () => this.settle(entry, token),
        term: () => this.settle(entry, token),
        nak: (delayMs) => this.retry(entry, token, delayMs),
      },
    );
  }

  private isCurrent(entry: TPendingMessage, token: number): boolean {
    return entry.state === 'out' && entry.token === token && this.pending.get(entry.message.seq) === entry;
  }

  private settle(entry: TPendingMessage, token: number): void {
    if (!this.isCurrent(entry, token)) return;
    clearTimeout(entry.timer);
    this.pending.delete(entry.message.seq);
    this.stream.acked(entry.message.seq);
    this.schedulePump();
  }

  private retry(entry: TPendingMessage, token: number, delayMs: number): void {
    if (!this.isCurrent(entry, token)) return;
    this.makeDue(entry, delayMs);
  }

  /** Ack wait ran out: the message goes back for redelivery unless it used up its deliveries. */
  private expire(entry: TPendingMessage, token: number): void {
    if (!this.isCurrent(entry, token)) return;
    if (entry.deliveryCount >= this.config.maxDeliver) {
      this.pending.delete(entry.message.seq);
      this.schedulePump();
      return;
    }
    this.makeDue(entry, 0);
  }

  /**
   * The entry becomes deliverable when its own timer fires, not when the wall clock says so: a timer
   * may fire a millisecond before `Date.now()` reaches the due instant, and nothing would pump again.
   */
  private makeDue(entry: TPendingMessage, delayMs: number): void {
    entry.state = 'due';
    if (delayMs > 0) {
      entry.ready = false;
      this.setTimer(entry, delayMs, () => {
        entry.ready = true;
        this.schedulePump();
      });
    } else {
      entry.ready = true;
      clearTimeout(entry.timer);
      this.schedulePump();
    }
  }

  private setTimer(entry: TPendingMessage, ms: number, run: () => void): void {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(run, ms);
    entry.timer.unref();
  }
}

export function createMemoryBroker(): TMemoryBroker {
  const streams = new Map<string, MemoryStream>();
  const repliers = new Map<string, TMemoryReplier[]>();
  const turns = new Map<string, number>();
  const listeners = new Set<{ patterns: string[]; listener: (wireSubject: string, body: string) => void }>();

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

    hasStream: (name) => streams.has(name),

    publish(wireSubject, messageId, body) {
      for (const stream of streams.values()) {
        if (matchAnySubject(stream.subjects, wireSubject)) {
          stream.append(wireSubject, messageId, body);
          // Like core NATS subscribers on a JetStream subject: every publish reaches them, later.
          for (const entry of listeners) {
            if (matchAnySubject(entry.patterns, wireSubject))
              queueMicrotask(() => entry.listener(wireSubject, body));
          }
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
      if (!stream) throw new Error(`Stream ${streamName} does not exist`);
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

    addReplier(wireSubject, replier) {
      const list = repliers.get(wireSubject) ?? [];
      list.push(replier);
      repliers.set(wireSubject, list);
      return () => {
        const index = list.indexOf(replier);
        if (index >= 0) list.splice(index, 1);
      };
    },

    addListener(wirePatterns, listener) {
      const entry = { patterns: [...wirePatterns], listener };
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },

    /** Round-robin over reachable repliers, like a NATS queue group. */
    findReplier(wireSubject) {
      const reachable = (repliers.get(wireSubject) ?? []).filter((replier) => replier.isReachable());
      if (reachable.length === 0) return undefined;
      const turn = turns.get(wireSubject) ?? 0;
      turns.set(wireSubject, turn + 1);
      return reachable[turn % reachable.length];
    },
  };
}
