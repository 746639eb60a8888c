import type { TEventBus, TSubscription } from '@prospector/bus';
import { AppError, EXTRACTOR_RPC, type TEmailCheck, ZCheckEmailRequestSchema } from '@prospector/contracts';
import type { TEmailChecker } from '../email-check/email-checker.ts';

/** The database service's re-check of a saved e-mail, through the checker runs use (one DNS cache). */
export function answerEmailChecks(checker: TEmailChecker, bus: TEventBus): Promise<TSubscription> {
  return bus.reply<unknown, TEmailCheck>(EXTRACTOR_RPC.checkEmail, async (data) => {
    const request = ZCheckEmailRequestSchema.safeParse(data);
    if (!request.success) {
      throw new AppError('VALIDATION_FAILED', request.error.issues[0]?.message ?? 'Invalid request');
    }
    return checker.check(request.data.email);
  });
}
