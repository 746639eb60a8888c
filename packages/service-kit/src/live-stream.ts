import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';

export interface TLiveStreamOptions<TMessage> {
  /** Subscribes to the messages for this stream; returns how to stop. Called before `start`. */
  listen(push: (message: TMessage) => void): () => void;
  /** Writes what a (re)connecting client needs first; messages arriving meanwhile wait in order. */
  start?(stream: SSEStreamingApi): Promise<void>;
  /** Writes one message; answering 'close' ends the stream. */
  write(stream: SSEStreamingApi, message: TMessage): Promise<'close' | undefined>;
  heartbeatMs: number;
  /** The `retry:` the browser waits before reconnecting. */
  reconnectDelayMs: number;
}

/**
 * A server-sent event stream fed by a live subscription: listens before anything is written (so no
 * message falls between the first state and the live ones), queues messages while a write is under
 * way, sends heartbeat comments so proxies keep it open, and stops listening when the client leaves.
 */
export function streamLiveQueue<TMessage>(c: Context, options: TLiveStreamOptions<TMessage>): Response {
  return streamSSE(c, async (stream) => {
    const queue: TMessage[] = [];
    let wake: (() => void) | undefined;
    const stopListening = options.listen((message) => {
      queue.push(message);
      wake?.();
    });
    let closed = false;
    stream.onAbort(() => {
      closed = true;
      wake?.();
    });
    const heartbeat = setInterval(() => {
      void stream.write(': heartbeat\n\n').catch(() => {});
    }, options.heartbeatMs);
    try {
      await stream.write(`retry: ${options.reconnectDelayMs}\n\n`);
      await options.start?.(stream);
      while (!closed) {
        const message = queue.shift();
        if (message === undefined) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        if ((await options.write(stream, message)) === 'close') break;
      }
    } finally {
      clearInterval(heartbeat);
      stopListening();
    }
  });
}

/**
 * Listeners by user: the fan-out from one process-wide bus subscription to the open live streams of each user,
 * so a thousand open tabs cost one subscription rather than a thousand.
 */
export function createUserListeners<TMessage>() {
  const listeners = new Map<string, Set<(message: TMessage) => void>>();
  return {
    /** Calls `listener` with every message for `userId` from now on; returns how to stop. */
    listen(userId: string, listener: (message: TMessage) => void): () => void {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    /** Hands `message` to every listener of `userId`; a message for no user reaches nobody. */
    emit(userId: string | null | undefined, message: TMessage): void {
      if (!userId) return;
      for (const listener of listeners.get(userId) ?? []) listener(message);
    },
    clear: () => listeners.clear(),
  };
}
