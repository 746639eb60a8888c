import { AppError } from '@prospector/contracts';
import type Stripe from 'stripe';
import type { TStripeEventProcessor, TWebhookResult } from './stripe-events/stripe-event-processor.ts';

/**
 * Verifies a webhook's signature over its raw body (Stripe's `constructEvent`) and hands the event
 * to the processor. A bad or missing signature is a 400 and changes nothing. Once the event is
 * committed, the subscriptions it replaced are cancelled at the provider; if that fails, the error
 * surfaces here and the subscription sweeper asks again.
 */
export function createStripeWebhookHandler(
  stripe: Pick<Stripe, 'webhooks'>,
  webhookSecret: string,
  processor: TStripeEventProcessor,
  cancelReplaced: (subscriptionIds: string[]) => Promise<unknown>,
) {
  return async (rawBody: string, signature: string | undefined): Promise<TWebhookResult> => {
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
    } catch {
      throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
    }
    const { handled, replaced } = await processor.process(event);
    await cancelReplaced(replaced);
    return { handled };
  };
}

export type TStripeWebhookHandler = ReturnType<typeof createStripeWebhookHandler>;
