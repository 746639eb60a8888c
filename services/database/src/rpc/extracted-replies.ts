import type { TEventBus, TSubscription } from '@prospector/bus';
import { DATABASE_RPC, ownerKeyOfRequest } from '@prospector/contracts';
import type { TExtractionLibrary } from '../extractions/extraction-library.ts';

/**
 * `rpc.database.extracted` for the extractor: which of these usernames the workspace has saved now,
 * whichever member extracted them (the request's `ownerKey`, else the user's personal workspace), so the
 * "already extracted" rule is one credit per workspace and account (docs/architecture.md §17).
 */
export function answerExtractedRequests(
  library: Pick<TExtractionLibrary, 'extracted'>,
  bus: TEventBus,
): Promise<TSubscription> {
  return bus.reply(DATABASE_RPC.extracted, async (request) => ({
    extracted: await library.extracted(ownerKeyOfRequest(request), request.usernames),
  }));
}
