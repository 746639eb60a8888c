import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { BILLING_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TLedgerDb } from '../../ledger/ledger-db.ts';
import { listInvoices } from '../../subscriptions/invoices/list-invoices.ts';

/** The signed-in user's invoices; the user comes from the session, never the request. */
export function createInvoicesRoutes(db: TLedgerDb, identity: TSessionVerifier) {
  return new Hono<{ Variables: TUserVariables }>().get(
    BILLING_PATHS.invoices,
    requireUser(identity),
    async (c) => c.json(await listInvoices(db, { userId: c.get('user').userId })),
  );
}
