import { ACCOUNT_RPC, BILLING_ENDPOINTS, SANDBOX_CHECKOUT_ENDPOINTS } from '@prospector/contracts';
import { eraseUserEvents, type TDatabase } from '@prospector/db';
import { migrationsFolderOf, requireIdentity, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { consumeAccountCreations } from './consumers/account-created.ts';
import { consumeAccountErasures } from './consumers/account-erased.ts';
import { outbox } from './db/schema.ts';
import { createCreditLedger } from './ledger/credit-ledger.ts';
import { DEFAULT_SWEEP_INTERVAL_MS, startHoldSweeper } from './ledger/hold-sweeper.ts';
import { createCreditsRoutes } from './routes/credits/credits.index.ts';
import { createInvoicesRoutes } from './routes/invoices/invoices.index.ts';
import { createMemberLimitsRoutes } from './routes/member-limits/member-limits.index.ts';
import { createSandboxRoutes } from './routes/sandbox/sandbox.index.ts';
import { createSubscriptionRoutes } from './routes/subscription/subscription.index.ts';
import { createV1Routes } from './routes/v1/v1.index.ts';
import { createWebhooksRoutes } from './routes/webhooks/webhooks.index.ts';
import { answerLedgerRequests } from './rpc/ledger-replies.ts';
import {
  createPayments,
  DEFAULT_PAYMENTS_CONFIG,
  type TPayments,
  type TPaymentsConfig,
} from './subscriptions/create-payments.ts';
import { consumeAccountUpdates } from './subscriptions/customer-details.ts';
import {
  applyTakenPayments,
  DEFAULT_SUBSCRIPTION_SWEEP_INTERVAL_MS,
  startSubscriptionSweeper,
} from './subscriptions/subscription-sweeper.ts';

export interface TBillingConfig {
  /** How often expired credit holds are looked for and released. */
  holdSweepIntervalMs: number;
  /** How often replaced subscriptions the provider refused to cancel, and (sandbox) lapsed ones, are looked for. */
  subscriptionSweepIntervalMs?: number;
  /** Stripe, or the sandbox when no secret key is given. */
  payments: TPaymentsConfig;
  /** The clock subscriptions are judged by (tests move it). */
  now?: () => Date;
}

export const DEFAULT_BILLING_CONFIG: TBillingConfig = {
  holdSweepIntervalMs: DEFAULT_SWEEP_INTERVAL_MS,
  subscriptionSweepIntervalMs: DEFAULT_SUBSCRIPTION_SWEEP_INTERVAL_MS,
  payments: DEFAULT_PAYMENTS_CONFIG,
};

/**
 * The billing service: the credit ledger (grants, holds, captures), subscriptions and payments (Stripe
 * or the sandbox), their events and their endpoints.
 */
export function createBillingService(config: TBillingConfig = DEFAULT_BILLING_CONFIG): TServiceDefinition {
  // The routes and the background work share one provider (and the sandbox's webhook secret).
  const paymentsByDatabase = new WeakMap<TDatabase, TPayments>();
  const paymentsOf = (database: TDatabase) => {
    const payments =
      paymentsByDatabase.get(database) ?? createPayments(database.db, config.payments, config.now);
    paymentsByDatabase.set(database, payments);
    return payments;
  };
  return {
    name: 'billing',
    api: {
      description: 'The credit ledger, subscriptions and payments (Stripe, or the offline sandbox).',
      endpoints: [...Object.values(BILLING_ENDPOINTS), ...Object.values(SANDBOX_CHECKOUT_ENDPOINTS)],
    },
    // Stripe posts its events from its own servers; the signature is their proof instead of an Origin.
    crossOriginPaths: [BILLING_ENDPOINTS.stripeWebhook.path],
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes(deps) {
      const identity = requireIdentity('billing', deps);
      const payments = paymentsOf(deps.database);
      const ledger = createCreditLedger(deps.database.db);
      const app = new Hono()
        .route('/', createCreditsRoutes(ledger, identity))
        .route('/', createSubscriptionRoutes(payments.subscriptions, identity))
        .route('/', createInvoicesRoutes(deps.database.db, identity))
        .route(
          '/',
          createMemberLimitsRoutes(ledger, identity, async (workspaceId, userId) => {
            const { member } = await deps.bus.request(ACCOUNT_RPC.membership, { workspaceId, userId });
            return member;
          }),
        )
        .route('/', createWebhooksRoutes(payments.handleWebhook))
        .route('/', createV1Routes({ bus: deps.bus, logger: deps.logger, ledger }));
      return payments.sandbox ? app.route('/', createSandboxRoutes(payments.sandbox, identity)) : app;
    },
    async start({ database, bus, logger }) {
      const ledger = createCreditLedger(database.db, { batchCaptures: true });
      const payments = paymentsOf(database);
      // A sandbox payment a crash interrupted is finished before the service answers again.
      await applyTakenPayments(payments, logger);
      return [
        await consumeAccountCreations(ledger, bus),
        await consumeAccountErasures(ledger, bus, payments.subscriptions.erase, (userId) =>
          eraseUserEvents(database.db, outbox, userId),
        ),
        await consumeAccountUpdates(database.db, bus),
        ...(await answerLedgerRequests(ledger, bus)),
        startHoldSweeper(ledger, { logger, intervalMs: config.holdSweepIntervalMs }),
        startSubscriptionSweeper(payments, { logger, intervalMs: config.subscriptionSweepIntervalMs }),
      ];
    },
  };
}

export const billingService = createBillingService();
