import type { TLogger, TStoppable } from '@prospector/service-kit';
import { startSweepLoop } from '@prospector/service-kit';
import type { TCreditLedger } from './credit-ledger.ts';

export const DEFAULT_SWEEP_INTERVAL_MS = 5_000;

/**
 * Releases holds whose lease ran out (a run that crashed or never said it ended), every `intervalMs`.
 * Stopping waits for the sweep in flight.
 */
export function startHoldSweeper(
  ledger: Pick<TCreditLedger, 'releaseExpired'>,
  options: { logger: TLogger; intervalMs?: number },
): TStoppable {
  return startSweepLoop(async () => {
    try {
      const ended = await ledger.releaseExpired();
      if (ended > 0) options.logger.info('expired credit holds released', { count: ended });
    } catch (error) {
      options.logger.error('credit hold sweep failed', { error });
    }
  }, options.intervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
}
