/**
 * Tracks running handler tasks so a consumer can cap its concurrency and `stop()` can wait for
 * what is still running.
 */
export class InFlightTasks {
  private readonly running = new Set<Promise<void>>();
  private readonly waiters: Array<() => void> = [];

  get size(): number {
    return this.running.size;
  }

  /** Starts `task` now; its failure is the task's own business (it must not reject). */
  run(task: () => Promise<void>, onSettled?: () => void): void {
    const promise = task()
      .catch(() => undefined)
      .finally(() => {
        this.running.delete(promise);
        for (const wake of this.waiters.splice(0)) wake();
        onSettled?.();
      });
    this.running.add(promise);
  }

  async waitForSlot(limit: number): Promise<void> {
    while (this.running.size >= limit) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) {
      await Promise.allSettled([...this.running]);
    }
  }

  /** Waits for the running tasks at most `ms`; how many were still running then (0: all done). */
  async idleWithin(ms: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
    return this.running.size;
  }
}

/**
 * How long a durable consumer's `stop()` waits for its running handlers. A handler still running then
 * is left as a crash would leave it: its message was never acknowledged, so NATS hands it out again
 * (the in-process bus loses it with the process, and the owner's sweeper resumes the work, as after a
 * crash). A shutdown is never held by one slow handler: Ctrl-C stops `pnpm start` within seconds.
 */
export const CONSUMER_STOP_GRACE_MS = 1_000;

/** A consumer's stop: its running handlers get the grace, and any still running is logged. */
export async function settleConsumerTasks(
  tasks: InFlightTasks,
  logger: { warn(message: string, fields?: Record<string, unknown>): void },
  fields: Record<string, unknown>,
): Promise<void> {
  const left = await tasks.idleWithin(CONSUMER_STOP_GRACE_MS);
  if (left > 0)
    logger.warn('Stopped with handlers still running; their messages were not acknowledged', {
      ...fields,
      running: left,
      graceMs: CONSUMER_STOP_GRACE_MS,
    });
}

/** What `work` settles with, or the error `onTimeout` makes if that takes longer than `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A sleep that `abort()` cuts short, so a stopping restart loop does not wait out its back-off. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
