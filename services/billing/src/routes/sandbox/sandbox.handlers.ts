import type { TUserVariables } from '@prospector/auth-client';
import { AppError, PAYMENT_CANCEL_PATH, PAYMENT_SUCCESS_PATH } from '@prospector/contracts';
import type { Context } from 'hono';
import type { TSandboxPaymentProvider } from '../../subscriptions/sandbox-payment-provider.ts';
import { renderSandboxCheckoutPage } from './sandbox-page.ts';

type TContext = Context<{ Variables: TUserVariables }>;

/** Where the sandbox sends the browser back: the same paths Stripe's success and cancel URLs use. */
export const sandboxSuccessUrl = (sessionId: string) =>
  `${PAYMENT_SUCCESS_PATH}?session_id=${encodeURIComponent(sessionId)}`;

export function createSandboxHandlers(sandbox: TSandboxPaymentProvider) {
  const sessionOf = (c: TContext) => {
    const session = sandbox.findSession(c.req.param('sessionId') ?? '', c.get('user').userId);
    if (!session)
      throw new AppError('NOT_FOUND', 'This checkout session has expired. Please choose a plan again.');
    return session;
  };
  return {
    page(c: TContext) {
      const session = sessionOf(c);
      const base = c.req.path.replace(/\/$/, '');
      return c.html(
        renderSandboxCheckoutPage({
          plan: session.plan,
          email: session.email,
          payAction: `${base}/pay`,
          cancelAction: `${base}/cancel`,
        }),
      );
    },
    async pay(c: TContext) {
      const session = sessionOf(c);
      await sandbox.pay(session);
      return c.redirect(sandboxSuccessUrl(session.id), 303);
    },
    cancel(c: TContext) {
      sandbox.abandon(sessionOf(c));
      return c.redirect(PAYMENT_CANCEL_PATH, 303);
    },
  };
}
