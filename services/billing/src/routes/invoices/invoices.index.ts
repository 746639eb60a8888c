import { ownerKeyOf, requireRole, type TSessionVerifier } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TLedgerDb } from '../../ledger/ledger-db.ts';
import { listInvoices } from '../../subscriptions/invoices/list-invoices.ts';

/**
 * The active workspace's invoices, for its owners only (billing is the owner's, docs/product.md §11; an
 * invoice names the payer's company and what was paid). The workspace comes from the session.
 */
export function createInvoicesRoutes(db: TLedgerDb, identity: TSessionVerifier) {
  const { app, signedIn } = createSignedInApp(identity);
  return app.openapi(signedIn(BILLING_ENDPOINTS.invoices, [requireRole('owner')]), async (c) =>
    c.json(await listInvoices(db, { userId: ownerKeyOf(c.get('user')) }), 200),
  );
}
