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
