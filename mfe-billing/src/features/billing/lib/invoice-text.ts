import { planDisplayLabel, type TInvoice, type TProfile } from '@prospector/contracts';
import { formatCredits } from '../../../lib/format.ts';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Invoices are dated in UTC, as the provider dates them. */
export const invoiceDate = (iso: string) => DAY.format(new Date(iso));

export const invoiceAmount = ({ amountCents, currency }: Pick<TInvoice, 'amountCents' | 'currency'>) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );

export const INVOICE_STATUS_LABELS: Record<TInvoice['status'], string> = {
  paid: 'Paid',
  open: 'Open',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** What an invoice paid for: a plan's month, or a one-off credit pack. */
export const invoicePlan = (invoice: Pick<TInvoice, 'kind' | 'plan' | 'credits'>) =>
  invoice.kind === 'top_up'
    ? `Credit pack — ${formatCredits(invoice.credits ?? 0)} credits`
    : `${planDisplayLabel(invoice.plan)} — monthly`;

/**
 * Who an invoice is made out to: the person, and for a company account its name and VAT number
 * (the Settings page holds them).
 */
export function billedTo(
  profile: Pick<TProfile, 'email' | 'firstName' | 'lastName' | 'accountType' | 'companyName' | 'vatNumber'>,
): string[] {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const lines = [name || profile.email];
  if (profile.accountType === 'business') {
    if (profile.companyName) lines.push(profile.companyName);
    if (profile.vatNumber) lines.push(`VAT number: ${profile.vatNumber}`);
  }
  if (name) lines.push(profile.email);
  return lines;
}
