import type { TEventBus, TSubscription } from '@prospector/bus';
import { ACCOUNT_RPC, APP_PATHS } from '@prospector/contracts';
import type { TMailer } from '../mail/mailer.ts';
import { dataAccessMail } from '../mail/templates.ts';

/**
 * `rpc.account.data-access-answer` for the database service: the account service sends the product's
 * mail, so it mails the answer to an access request ("What do you hold about me?") to the e-mail the
 * profile showed. A mail that cannot be sent fails the request, and the asker's delivery is retried.
 */
export function answerDataAccessRequests(
  mailer: TMailer,
  bus: TEventBus,
  publicUrl: string,
): Promise<TSubscription> {
  return bus.reply(ACCOUNT_RPC.dataAccessAnswer, async (answer) => {
    await mailer.send(dataAccessMail(answer, new URL(APP_PATHS.optOut, publicUrl).toString()));
    return { sent: true };
  });
}
