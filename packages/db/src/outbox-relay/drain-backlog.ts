import { findOldestUnpublished } from './find-oldest-unpublished.ts';
import { publishBatch } from './publish-batch.ts';
import type { TRelayContext } from './relay-context.ts';

/** What the relay's loop, flush() and stop() share. */
export interface TRelayState {
  stopped: boolean;
  consecutiveFailures: number;
  /** When the oldest row still unpublished at the last look was written; null when none was. */
  oldestUnpublished: Date | null;
}

async function probe(ctx: TRelayContext, state: TRelayState): Promise<boolean> {
  state.oldestUnpublished = await findOldestUnpublished(ctx);
  return state.oldestUnpublished !== null;
}

/** Runs batches until the backlog is empty, a publish fails, or another relay owns the table. */
export async function drainBacklog(
  ctx: TRelayContext,
  state: TRelayState,
): Promise<{ published: number; failed: boolean }> {
  let published = 0;
  if (!(await probe(ctx, state))) return { published, failed: false };
  for (;;) {
    const outcome = await publishBatch(ctx);
    published += outcome.published;
    if (outcome.failed) return { published, failed: true };
    if (outcome.busy || outcome.claimed < ctx.batchSize || state.stopped) {
      await probe(ctx, state).catch(() => {});
      return { published, failed: false };
    }
  }
}

/** The delay after a failure: `retryBaseMs`, doubling per consecutive failure up to `retryMaxMs`. */
export function retryDelay(ctx: TRelayContext, state: TRelayState): number {
  return Math.min(ctx.retryMaxMs, ctx.retryBaseMs * 2 ** Math.max(0, state.consecutiveFailures - 1));
}
