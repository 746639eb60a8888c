import type { TDelivery, TEventBus } from '@prospector/bus';
import { PROFILE_TEXT_LIMITS, ZExtractionRecordedSchema } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import { z } from 'zod';
import type { TExtractionLibrary } from '../extractions/extraction-library.ts';

/**
 * What this service stores: the event's data, with a username no longer than a username can be (it is
 * the row's key; cut, it would name another account). Its texts are capped when stored.
 */
const ZStorableRecordSchema = ZExtractionRecordedSchema.extend({
  username: z.string().min(1).max(PROFILE_TEXT_LIMITS.username),
});

/**
 * `extractions.recorded`: the extractor found a profile for the user; store it. Storing is idempotent
 * (run item id, and one row per user and username), so redeliveries and racing runs are harmless. An
 * event whose data does not parse can never succeed: it is logged and acknowledged, not retried.
 */
export function handleExtractionRecorded(library: Pick<TExtractionLibrary, 'record'>, logger: TLogger) {
  return async ({ event }: TDelivery) => {
    const parsed = ZStorableRecordSchema.safeParse(event.data);
    if (!event.userId || !parsed.success) {
      logger.error('extractions.recorded dropped: malformed', {
        eventId: event.id,
        issue: parsed.error?.issues[0]?.message ?? 'no user id',
      });
      return;
    }
    await library.record(event.userId, parsed.data, new Date(event.occurredAt));
  };
}

export function consumeExtractionsRecorded(
  library: Pick<TExtractionLibrary, 'record'>,
  bus: TEventBus,
  logger: TLogger,
) {
  return bus.consume(
    {
      durable: 'database-extractions-recorded',
      stream: 'EXTRACTIONS',
      filterSubjects: ['extractions.recorded'],
      concurrency: 4,
    },
    handleExtractionRecorded(library, logger),
  );
}
