import Stripe from 'stripe';
import type { TLedgerDb } from '../ledger/ledger-db.ts';
import type { TPaymentProvider } from './payment-provider.ts';
import { createReplacedSubscriptionCanceller } from './replaced-subscriptions.ts';
import {
  createSandboxPaymentProvider,
  createSandboxWebhookSecret,
  type TSandboxPaymentProvider,
} from './sandbox-payment-provider.ts';
import { createStripeEventProcessor } from './stripe-events/stripe-event-processor.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';
import { createStripeWebhookHandler, type TStripeWebhookHandler } from './stripe-webhook-handler.ts';
import { createSubscriptionService, type TSubscriptionService } from './subscription-service.ts';
import { endLapsedSubscriptions } from './subscription-sweeper.ts';

export interface TPaymentsConfig {
  /** Unset: the sandbox provider takes payments (docs/architecture.md §8). */
  stripeSecretKey?: string;
  /** Required with a secret key: verifies Stripe's webhook signatures. */
  stripeWebhookSecret?: string;
  /** Another Stripe API origin (a local fake in tests), e.g. http://127.0.0.1:12111. */
  stripeApiBase?: string;
  /** Where users reach the app; Stripe sends them back there. No trailing slash. */
  publicUrl: string;
}

export const DEFAULT_PAYMENTS_CONFIG: TPaymentsConfig = { publicUrl: 'http://localhost:3000' };

export interface TPayments {
  subscriptions: TSubscriptionService;
  handleWebhook: TStripeWebhookHandler;
  provider: TPaymentProvider;
  /** Present when payments run in the sandbox. */
  sandbox?: TSandboxPaymentProvider;
  /** Cancels the replaced subscriptions the provider has not cancelled yet (see subscription-sweeper.ts). */
  cancelPendingReplaced(): Promise<number>;
  /** Sandbox only: ends the subscriptions whose cancelled period is over, as Stripe would. */
  endLapsedSubscriptions?: () => Promise<number>;
  /** Sandbox only: applies the payments taken at least `graceMs` ago but not applied (see sandbox-payment-provider.ts). */
  applyTakenPayments?: (graceMs?: number) => Promise<number>;
}

export function stripeClientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The payment provider, the webhook handling both providers feed, and the subscription operations. */
export function createPayments(
  db: TLedgerDb,
  config: TPaymentsConfig,
  now: () => Date = () => new Date(),
): TPayments {
  const processor = createStripeEventProcessor(db, now);
  // The webhook handling cancels replaced subscriptions through the provider, and the sandbox provider
  // delivers its events to that same handling, so the provider is bound once it exists.
  let provider: TPaymentProvider | undefined;
  const replaced = createReplacedSubscriptionCanceller(
    db,
    (subscription) => {
      if (!provider) throw new Error('No payment provider yet');
      return provider.cancelNow(subscription);
    },
    now,
  );
  const assemble = (chosen: TPaymentProvider, handleWebhook: TStripeWebhookHandler) => {
    provider = chosen;
    return {
      provider: chosen,
      handleWebhook,
      subscriptions: createSubscriptionService({ db, provider: chosen, processor, replaced, now }),
      cancelPendingReplaced: replaced.cancelPending,
    };
  };

  if (config.stripeSecretKey) {
    if (!config.stripeWebhookSecret)
      throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
    const stripe = new Stripe(config.stripeSecretKey, stripeClientOptions(config.stripeApiBase));
    return assemble(
      createStripePaymentProvider(stripe, config.publicUrl),
      createStripeWebhookHandler(stripe, config.stripeWebhookSecret, processor, replaced.cancel),
    );
  }
  // The sandbox never calls Stripe's API; the SDK only signs and verifies its events.
  const stripe = new Stripe('sk_test_sandbox');
  const webhookSecret = createSandboxWebhookSecret();
  const handleWebhook = createStripeWebhookHandler(stripe, webhookSecret, processor, replaced.cancel);
  const sandbox = createSandboxPaymentProvider({ db, stripe, webhookSecret, handleWebhook, now });
  return {
    ...assemble(sandbox, handleWebhook),
    sandbox,
    endLapsedSubscriptions: () => endLapsedSubscriptions(db, sandbox, now),
    applyTakenPayments: sandbox.reconcile,
  };
}
