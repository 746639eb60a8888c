import type { TEventBus, TSubscription } from '@prospector/bus';
import {
  AppError,
  DATABASE_RPC,
  type TExtractedResponse,
  ZExtractedRequestSchema,
} from '@prospector/contracts';
import type { TExtractionLibrary } from '../extractions/extraction-library.ts';

/** `rpc.database.extracted` for the extractor: which of these usernames the user has saved now. */
export function answerExtractedRequests(
  library: Pick<TExtractionLibrary, 'extracted'>,
  bus: TEventBus,
): Promise<TSubscription> {
  return bus.reply<unknown, TExtractedResponse>(DATABASE_RPC.extracted, async (data) => {
    const request = ZExtractedRequestSchema.safeParse(data);
    if (!request.success) {
      throw new AppError('VALIDATION_FAILED', request.error.issues[0]?.message ?? 'Invalid request');
    }
    return { extracted: await library.extracted(request.data.userId, request.data.usernames) };
  });
}
