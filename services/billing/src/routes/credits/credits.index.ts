import { ownerKeyOf, type TSessionVerifier } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';

/**
 * The active workspace's credit balance and ledger history, for every member of it; the workspace comes
 * from the session, never the request.
 */
export function createCreditsRoutes(
  ledger: Pick<TCreditLedger, 'balance' | 'history'>,
  identity: TSessionVerifier,
) {
  const { app, signedIn } = createSignedInApp(identity);
  return app
    .openapi(signedIn(BILLING_ENDPOINTS.credits), async (c) =>
      c.json(await ledger.balance(ownerKeyOf(c.get('user'))), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.creditHistory), async (c) =>
      c.json(await ledger.history(ownerKeyOf(c.get('user')), c.req.valid('query')), 200),
    );
}
