import type { TSessionVerifier } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TLedgerDb } from '../../ledger/ledger-db.ts';
import { listInvoices } from '../../subscriptions/invoices/list-invoices.ts';

/** The signed-in user's invoices; the user comes from the session, never the request. */
export function createInvoicesRoutes(db: TLedgerDb, identity: TSessionVerifier) {
  const { app, signedIn } = createSignedInApp(identity);
  return app.openapi(signedIn(BILLING_ENDPOINTS.invoices), async (c) =>
    c.json(await listInvoices(db, { userId: c.get('user').userId }), 200),
  );
}
