import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { Hono } from 'hono';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';
import { createCreditsHandlers } from './credits.handlers.ts';
import { CREDITS_PATHS, historyQuery } from './credits.routes.ts';

/** The signed-in user's credit balance and ledger history. */
export function createCreditsRoutes(
  ledger: Pick<TCreditLedger, 'balance' | 'history'>,
  identity: TSessionVerifier,
) {
  const handlers = createCreditsHandlers(ledger);
  const signedIn = requireUser(identity);
  return new Hono<{ Variables: TUserVariables }>()
    .get(CREDITS_PATHS.credits, signedIn, handlers.getCredits)
    .get(CREDITS_PATHS.history, signedIn, historyQuery, (c) => handlers.getHistory(c, c.req.valid('query')));
}
