import type { TDelivery, TEventBus } from '@prospector/bus';
import type { TEventData } from '@prospector/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import { billingDetails } from '../db/schema.ts';
import type { TLedgerDb } from '../ledger/ledger-db.ts';
import type { TCustomerDetails } from './payment-provider.ts';

/**
 * `accounts.updated`: billing keeps the profile's invoicing fields (account type, company name, VAT
 * number, country), newest profile wins, so a checkout can write them on the provider's customer.
 */
export function handleAccountUpdated(db: TLedgerDb) {
  return async ({ event }: TDelivery<TEventData<'accounts.updated'>>) => {
    if (!event.userId) return;
    const { profile } = event.data;
    const row = {
      userId: event.userId,
      accountType: profile.accountType,
      companyName: profile.companyName,
      vatNumber: profile.vatNumber,
      country: profile.country,
      profileUpdatedAt: new Date(profile.updatedAt),
    };
    await db
      .insert(billingDetails)
      .values(row)
      .onConflictDoUpdate({
        target: billingDetails.userId,
        set: row,
        // An older copy arriving late changes nothing.
        setWhere: lt(billingDetails.profileUpdatedAt, sql`excluded.profile_updated_at`),
      });
  };
}

export function consumeAccountUpdates(db: TLedgerDb, bus: TEventBus) {
  return bus.consume(
    { durable: 'billing-accounts-updated', stream: 'ACCOUNTS', filterSubjects: ['accounts.updated'] },
    handleAccountUpdated(db),
  );
}

/** A company account's name and VAT number for the provider's invoices; null for anyone else. */
export async function readCompanyDetails(db: TLedgerDb, userId: string): Promise<TCustomerDetails | null> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  if (row?.accountType !== 'business') return null;
  return { companyName: row.companyName, vatNumber: row.vatNumber };
}
