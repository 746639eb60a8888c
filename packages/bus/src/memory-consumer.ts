import type { MemoryStream, TStoredMessage } from './memory-stream.ts';
import type { TDeliveryControls, TRawDelivery } from './process-delivery.ts';
import { matchAnySubject } from './subject-match.ts';

export interface TMemoryConsumerConfig {
  filterSubjects: string[];
  ackWaitMs: number;
  maxDeliver: number;
  /** Also the most unacknowledged messages at once, as NATS's `max_ack_pending`. */
  concurrency: number;
}

export interface TMemorySubscriber {
  canAccept(): boolean;
  dispatch(delivery: TRawDelivery, controls: TDeliveryControls): void;
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

let nextToken = 1;

/** A durable of the memory broker: ack wait (and in-progress acks), nak delay, max deliver and max ack pending. */
export class MemoryConsumer {
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
    const pending = this.stream.messages.slice(this.cursor).filter((message) => this.wants(message)).length;
    return { pending, ackPending: this.pending.size };
  }

  private wants(message: TStoredMessage | undefined): message is TStoredMessage {
    const { filterSubjects } = this.config;
    return !!message && (filterSubjects.length === 0 || matchAnySubject(filterSubjects, message.subject));
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
    if (this.pending.size >= this.config.concurrency) return undefined;
    while (this.cursor < this.stream.messages.length) {
      const message = this.stream.messages[this.cursor];
      this.cursor += 1;
      if (!this.wants(message)) continue;
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
        working: () => this.extend(entry, token),
        nak: (delayMs) => {
          if (this.isCurrent(entry, token)) this.makeDue(entry, delayMs);
        },
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

  /** An in-progress ack: the ack wait starts again, as JetStream does on `+WPI`. */
  private extend(entry: TPendingMessage, token: number): void {
    if (!this.isCurrent(entry, token)) return;
    this.setTimer(entry, this.config.ackWaitMs, () => this.expire(entry, token));
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
