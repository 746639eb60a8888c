import type { TSessionVerifier } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';

/** The signed-in user's credit balance and ledger history; the user comes from the session, never the request. */
export function createCreditsRoutes(
  ledger: Pick<TCreditLedger, 'balance' | 'history'>,
  identity: TSessionVerifier,
) {
  const { app, signedIn } = createSignedInApp(identity);
  return app
    .openapi(signedIn(BILLING_ENDPOINTS.credits), async (c) =>
      c.json(await ledger.balance(c.get('user').userId), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.creditHistory), async (c) =>
      c.json(await ledger.history(c.get('user').userId, c.req.valid('query')), 200),
    );
}
