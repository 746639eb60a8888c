import type { TDelivery, TEventBus } from '@prospector/bus';
import { eventOwnerKey, PROFILE_TEXT_LIMITS, type TExtractionRecorded } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import type { TExtractionLibrary } from '../extractions/extraction-library.ts';
import { consumeExtractionsSubject } from './extractions-stream.ts';

/**
 * `extractions.recorded`: the extractor found a profile for a member of a workspace; store it in the
 * workspace (`eventOwnerKey`: the envelope's `ownerKey`, else the user's personal workspace), as extracted
 * by the member (`userId`). Storing is idempotent (run item id, and one row per workspace and username),
 * so redeliveries and racing runs are harmless. The
 * bus hands on only data its schema accepts; what this service cannot store either — no user, or a
 * username longer than a username can be (it is the row's key; cut, it would name another account) —
 * can never succeed: it is logged and acknowledged, not retried. Texts are capped when stored.
 */
export function handleExtractionRecorded(library: Pick<TExtractionLibrary, 'record'>, logger: TLogger) {
  return async ({ event }: TDelivery<TExtractionRecorded>) => {
    const { username } = event.data;
    if (!event.userId || username.length === 0 || username.length > PROFILE_TEXT_LIMITS.username) {
      logger.error('extractions.recorded dropped: not storable', {
        eventId: event.id,
        issue: event.userId ? 'username length' : 'no user id',
      });
      return;
    }
    const ownerKey = eventOwnerKey(event) ?? event.userId;
    await library.record({ ownerKey, userId: event.userId }, event.data, new Date(event.occurredAt));
  };
}

export function consumeExtractionsRecorded(
  library: Pick<TExtractionLibrary, 'record'>,
  bus: TEventBus,
  logger: TLogger,
) {
  const options = { durable: 'database-extractions-recorded', subject: 'extractions.recorded' };
  return consumeExtractionsSubject(bus, options, handleExtractionRecorded(library, logger));
}
