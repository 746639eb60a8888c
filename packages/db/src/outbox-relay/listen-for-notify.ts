import { describeError } from '../logger.ts';
import type { TRelayContext } from './relay-context.ts';

/** LISTENs on the outbox channel; returns the way to stop, or nothing when LISTEN failed (polling stays). */
export async function listenForNotify(ctx: TRelayContext, wake: () => void): Promise<() => Promise<void>> {
  try {
    const subscription = await ctx.sql.listen(ctx.channel, wake, wake);
    return () => subscription.unlisten().catch(() => {});
  } catch (error) {
    ctx.logger.warn('outbox relay could not LISTEN; relying on polling', {
      channel: ctx.channel,
      error: describeError(error),
    });
    return async () => {};
  }
}
