import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';

/** The signed-in user's credit balance and ledger history; the user comes from the session, never the request. */
export function createCreditsRoutes(
  ledger: Pick<TCreditLedger, 'balance' | 'history'>,
  identity: TSessionVerifier,
) {
  const signedIn = requireUser(identity);
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(BILLING_ENDPOINTS.credits, [signedIn]), async (c) =>
      c.json(await ledger.balance(c.get('user').userId), 200),
    )
    .openapi(routeOf(BILLING_ENDPOINTS.creditHistory, [signedIn]), async (c) =>
      c.json(await ledger.history(c.get('user').userId, c.req.valid('query')), 200),
    );
}
