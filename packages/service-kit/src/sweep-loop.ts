import type { TStoppable } from './service.ts';

/**
 * Runs `sweep` every `intervalMs`, one pass at a time (the next is timed from the end of the last).
 * `sweep` handles its own errors. Stopping waits for the pass in flight.
 */
export function startSweepLoop(sweep: () => Promise<void>, intervalMs: number): TStoppable {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweep().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
