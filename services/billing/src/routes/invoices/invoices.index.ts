import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TLedgerDb } from '../../ledger/ledger-db.ts';
import { listInvoices } from '../../subscriptions/invoices/list-invoices.ts';

/** The signed-in user's invoices; the user comes from the session, never the request. */
export function createInvoicesRoutes(db: TLedgerDb, identity: TSessionVerifier) {
  return createEndpointApp<{ Variables: TUserVariables }>().openapi(
    routeOf(BILLING_ENDPOINTS.invoices, [requireUser(identity)]),
    async (c) => c.json(await listInvoices(db, { userId: c.get('user').userId }), 200),
  );
}
