import { AppError } from '@prospector/contracts';
import type Stripe from 'stripe';
import type { TTx } from './stripe-events/event-context.ts';
import type { TStripeEventProcessor, TWebhookResult } from './stripe-events/stripe-event-processor.ts';

/** A webhook as it arrives: the raw body and its `Stripe-Signature` header. */
export interface TSignedEvent {
  payload: string;
  signature: string | undefined;
}

/**
 * Verifies a webhook's signature over its raw body (Stripe's `constructEvent`) and hands the event
 * to the processor. A bad or missing signature is a 400 and changes nothing. Once the event is
 * committed, the subscriptions it replaced are cancelled at the provider under the claim the event
 * took on them, so this is the first to ask; if that fails, the error surfaces here and the
 * subscription sweeper asks again.
 */
export function createStripeWebhookHandler(
  stripe: Pick<Stripe, 'webhooks'>,
  webhookSecret: string,
  processor: TStripeEventProcessor,
  cancelReplaced: (subscriptionIds: string[], claim: string) => Promise<unknown>,
) {
  const verify = ({ payload, signature }: TSignedEvent): Stripe.Event => {
    try {
      return stripe.webhooks.constructEvent(payload, signature ?? '', webhookSecret);
    } catch {
      throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
    }
  };
  return {
    async handle(signed: TSignedEvent): Promise<TWebhookResult> {
      const { handled, replaced, claim } = await processor.process(verify(signed));
      await cancelReplaced(replaced, claim);
      return { handled };
    },

    /**
     * Several events that happened together (a sandbox payment's), verified each, applied in one
     * transaction with what `alongside` writes: all or nothing.
     */
    async handleTogether(signed: TSignedEvent[], alongside?: (tx: TTx) => Promise<void>): Promise<void> {
      const { replaced, claim } = await processor.processTogether(signed.map(verify), alongside);
      await cancelReplaced(replaced, claim);
    },
  };
}

export type TStripeWebhookHandler = ReturnType<typeof createStripeWebhookHandler>;
