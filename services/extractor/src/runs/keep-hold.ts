import { BILLING_RPC } from '@prospector/contracts';
import type { TRunDeps } from './run-deps.ts';
import type { TRunRow } from './run-reads.ts';

/**
 * Pushes the run's hold lease out when a third of it has passed since the last time, so a long run is
 * never swept while it works and an abandoned one gives its credits back within one lease. True when
 * extended; a failure is only logged (the next step tries again).
 */
export async function extendHoldIfDue(deps: TRunDeps, run: TRunRow): Promise<boolean> {
  if (Date.now() - run.holdExtendedAt.getTime() < deps.config.holdLeaseMs / 3) return false;
  try {
    await deps.bus.request(BILLING_RPC.extend, {
      holdId: run.holdId,
      leaseMs: deps.config.holdLeaseMs,
    });
    return true;
  } catch (error) {
    deps.logger.warn('credit hold not extended', { runId: run.id, error });
    return false;
  }
}
