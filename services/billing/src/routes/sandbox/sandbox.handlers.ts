import { ownerKeyOf } from '@prospector/auth-client';
import {
  AppError,
  PAYMENT_CANCEL_PATH,
  PAYMENT_SUCCESS_PATH,
  TOP_UP_SUCCESS_PATH,
} from '@prospector/contracts';
import type { TUserContext } from '@prospector/service-kit';
import type { TSandboxPaymentProvider } from '../../subscriptions/sandbox-payment-provider.ts';
import { renderSandboxCheckoutPage } from './sandbox-page.ts';

/** Where the sandbox sends the browser back: the same paths Stripe's success and cancel URLs use. */
export const sandboxSuccessUrl = (sessionId: string) =>
  `${PAYMENT_SUCCESS_PATH}?session_id=${encodeURIComponent(sessionId)}`;

const sessionGone = () =>
  new AppError('NOT_FOUND', 'This checkout session has expired. Please choose a plan again.');

export function createSandboxHandlers(sandbox: TSandboxPaymentProvider) {
  const sessionOf = async (c: TUserContext) => {
    const session = await sandbox.findSession(c.req.param('sessionId') ?? '', ownerKeyOf(c.get('user')));
    if (!session) throw sessionGone();
    return session;
  };
  return {
    async page(c: TUserContext) {
      const session = await sessionOf(c);
      const base = c.req.path.replace(/\/$/, '');
      return c.html(
        renderSandboxCheckoutPage({
          purchase: session.topUpPack ? { topUpPack: session.topUpPack } : { plan: session.plan },
          email: session.email,
          payAction: `${base}/pay`,
          cancelAction: `${base}/cancel`,
        }),
      );
    },
    async pay(c: TUserContext) {
      const session = await sessionOf(c);
      // Another click paid it (or Cancel abandoned it) since it was read.
      if (!(await sandbox.pay(session))) throw sessionGone();
      // A credit pack goes back to the Billing page, as Stripe's top-up checkout does.
      return c.redirect(session.topUpPack ? TOP_UP_SUCCESS_PATH : sandboxSuccessUrl(session.id), 303);
    },
    async resendEvents(c: TUserContext) {
      const resent = await sandbox.resendEvents(c.req.param('sessionId') ?? '', ownerKeyOf(c.get('user')));
      if (!resent) throw new AppError('NOT_FOUND', 'No paid checkout session of yours has this id.');
      return c.json(resent, 200);
    },
    async cancel(c: TUserContext) {
      await sandbox.abandon(await sessionOf(c));
      return c.redirect(PAYMENT_CANCEL_PATH, 303);
    },
  };
}
