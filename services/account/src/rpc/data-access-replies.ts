import type { TEventBus, TSubscription } from '@prospector/bus';
import { ACCOUNT_RPC, APP_PATHS, OPT_OUT_CONFIRM_PARAM } from '@prospector/contracts';
import type { TMailer } from '../mail/mailer.ts';
import { dataAccessMail, optOutConfirmationMail } from '../mail/templates.ts';

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

/**
 * `rpc.account.opt-out-confirmation` for the database service: the link that confirms an opt-out, mailed
 * to an e-mail the saved records of the account show (the same path as the access request's answer).
 */
export function mailOptOutConfirmations(
  mailer: TMailer,
  bus: TEventBus,
  publicUrl: string,
): Promise<TSubscription> {
  return bus.reply(ACCOUNT_RPC.optOutConfirmation, async (mail) => {
    const url = new URL(APP_PATHS.optOut, publicUrl);
    url.searchParams.set(OPT_OUT_CONFIRM_PARAM, mail.token);
    await mailer.send(optOutConfirmationMail(mail, url.toString()));
    return { sent: true };
  });
}
