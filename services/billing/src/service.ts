import { migrationsFolderOf, requireIdentity, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { consumeAccountCreations } from './consumers/account-created.ts';
import { consumeAccountErasures } from './consumers/account-erased.ts';
import { outbox } from './db/schema.ts';
import { createCreditLedger } from './ledger/credit-ledger.ts';
import { DEFAULT_SWEEP_INTERVAL_MS, startHoldSweeper } from './ledger/hold-sweeper.ts';
import { createCreditsRoutes } from './routes/credits/credits.index.ts';
import { answerLedgerRequests } from './rpc/ledger-replies.ts';

export interface TBillingConfig {
  /** How often expired credit holds are looked for and released. */
  holdSweepIntervalMs: number;
}

/** The billing service: the credit ledger (grants, holds, captures), its events and its endpoints. */
export function createBillingService(
  config: TBillingConfig = { holdSweepIntervalMs: DEFAULT_SWEEP_INTERVAL_MS },
): TServiceDefinition {
  return {
    name: 'billing',
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes: (deps) =>
      new Hono().route(
        '/',
        createCreditsRoutes(createCreditLedger(deps.database.db), requireIdentity('billing', deps)),
      ),
    async start({ database, bus, logger }) {
      const ledger = createCreditLedger(database.db, { batchCaptures: true });
      return [
        await consumeAccountCreations(ledger, bus),
        await consumeAccountErasures(ledger, bus),
        ...(await answerLedgerRequests(ledger, bus)),
        startHoldSweeper(ledger, { logger, intervalMs: config.holdSweepIntervalMs }),
      ];
    },
  };
}

export const billingService = createBillingService();
