import type { TEventBus, TSubscription } from '@prospector/bus';
import { EXTRACTOR_RPC } from '@prospector/contracts';
import type { TEmailChecker } from '../email-check/email-checker.ts';

/** The database service's re-check of a saved e-mail, through the checker runs use (one DNS cache). */
export function answerEmailChecks(checker: TEmailChecker, bus: TEventBus): Promise<TSubscription> {
  return bus.reply(EXTRACTOR_RPC.checkEmail, ({ email }) => checker.check(email));
}
