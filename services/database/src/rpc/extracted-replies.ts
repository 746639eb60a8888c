import type { TEventBus, TSubscription } from '@prospector/bus';
import { DATABASE_RPC } from '@prospector/contracts';
import type { TExtractionLibrary } from '../extractions/extraction-library.ts';

/** `rpc.database.extracted` for the extractor: which of these usernames the user has saved now. */
export function answerExtractedRequests(
  library: Pick<TExtractionLibrary, 'extracted'>,
  bus: TEventBus,
): Promise<TSubscription> {
  return bus.reply(DATABASE_RPC.extracted, async ({ userId, usernames }) => ({
    extracted: await library.extracted(userId, usernames),
  }));
}
