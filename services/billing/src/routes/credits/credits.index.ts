import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { BILLING_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';
import { createCreditsHandlers } from './credits.handlers.ts';
import { historyQuery } from './credits.routes.ts';

/** The signed-in user's credit balance and ledger history. */
export function createCreditsRoutes(
  ledger: Pick<TCreditLedger, 'balance' | 'history'>,
  identity: TSessionVerifier,
) {
  const handlers = createCreditsHandlers(ledger);
  const signedIn = requireUser(identity);
  return new Hono<{ Variables: TUserVariables }>()
    .get(BILLING_PATHS.credits, signedIn, handlers.getCredits)
    .get(BILLING_PATHS.creditHistory, signedIn, historyQuery, (c) =>
      handlers.getHistory(c, c.req.valid('query')),
    );
}
