import { DUPLICATE_WINDOW_MS } from './consumer-options.ts';
import type { MemoryConsumer } from './memory-consumer.ts';

/** Like JetStream's: a work queue forgets acked messages, `maxAgeMs` forgets old ones. */
export interface TMemoryRetention {
  workQueue?: boolean;
  maxAgeMs?: number;
}

export interface TStoredMessage {
  seq: number;
  subject: string;
  body: string;
  storedAt: number;
}

/** One stream of the memory broker: its messages, its durables, de-duplication and retention. */
export class MemoryStream {
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
