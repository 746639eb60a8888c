import type { TDelivery, TEventBus } from '@prospector/bus';
import { eventOwnerKey, type TExtractionEmailChecked } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import type { TExtractionLibrary } from '../extractions/extraction-library.ts';
import { consumeExtractionsSubject } from './extractions-stream.ts';

/** Past this, a verdict whose record never arrived is dropped (the user deleted it meanwhile). */
export const EMAIL_CHECK_WAIT_FOR_RECORD_MS = 10 * 60_000;

/**
 * `extractions.email-checked`: a record's e-mail got its verdict after it was stored. It may overtake
 * its own `extractions.recorded` (two consumers): then it fails and is delivered again later, until the
 * record is there or the wait is over.
 */
export function consumeEmailChecked(
  library: Pick<TExtractionLibrary, 'applyEmailCheck'>,
  bus: TEventBus,
  logger: TLogger,
) {
  const options = { durable: 'database-extractions-email-checked', subject: 'extractions.email-checked' };
  return consumeExtractionsSubject(
    bus,
    { ...options, maxDeliver: 200 },
    async ({ event }: TDelivery<TExtractionEmailChecked>) => {
      // The record is the workspace's (the envelope's `ownerKey`, else the user's personal workspace).
      const ownerKey = eventOwnerKey(event);
      if (!ownerKey) {
        logger.error('extractions.email-checked dropped: no user id', { eventId: event.id });
        return;
      }
      const outcome = await library.applyEmailCheck(ownerKey, event.data);
      if (outcome !== 'no_record') return;
      if (Date.now() - Date.parse(event.occurredAt) < EMAIL_CHECK_WAIT_FOR_RECORD_MS) {
        throw new Error(`the record of item ${event.data.itemId} is not stored yet`);
      }
      logger.warn('extractions.email-checked dropped: no record', { itemId: event.data.itemId });
    },
  );
}
