import { parseEventBody } from './envelope.ts';
import { describeError, type TBusLogger } from './logger.ts';
import type { TLiveHandler } from './port.ts';

/** Runs a live handler for one message body; bad bodies and handler errors are logged, not thrown. */
export async function deliverLive<TData>(
  body: string,
  subject: string,
  handler: TLiveHandler<TData>,
  logger: TBusLogger,
): Promise<void> {
  const parsed = parseEventBody(body);
  if (!parsed.ok) {
    logger.warn('Live subscriber ignored an invalid message', { subject, reason: parsed.reason });
    return;
  }
  try {
    await handler({ subject, event: parsed.event as never, deliveryCount: 1 });
  } catch (error) {
    logger.error('Live subscriber failed', {
      subject,
      eventId: parsed.event.id,
      error: describeError(error),
    });
  }
}
