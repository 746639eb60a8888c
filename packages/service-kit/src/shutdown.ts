import type { TLogger } from './logger.ts';

/**
 * Runs `steps` once, in order, on SIGINT or SIGTERM, then exits. A second signal during shutdown
 * exits at once so an operator is never stuck.
 */
export function onShutdown(logger: TLogger, steps: Array<() => Promise<void>>): void {
  let shuttingDown = false;
  const handle = async (signal: NodeJS.Signals) => {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    logger.info('shutting down', { signal });
    let failed = false;
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        failed = true;
        logger.error('shutdown step failed', { error });
      }
    }
    process.exit(failed ? 1 : 0);
  };
  process.once('SIGINT', handle);
  process.once('SIGTERM', handle);
}
