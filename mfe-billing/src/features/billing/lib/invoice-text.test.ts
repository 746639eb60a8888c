import { describe, expect, it } from 'vitest';
import { billedTo, invoiceAmount, invoiceDate, invoicePlan } from './invoice-text.ts';

const person = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  accountType: 'personal' as const,
  companyName: 'Engines Ltd',
  vatNumber: 'GB123456789',
};

describe('invoice text', () => {
  it('names a company account with its VAT number, a personal one without', () => {
    expect(billedTo({ ...person, accountType: 'business' })).toEqual([
      'Ada Lovelace',
      'Engines Ltd',
      'VAT number: GB123456789',
      'ada@example.com',
    ]);
    expect(billedTo(person)).toEqual(['Ada Lovelace', 'ada@example.com']);
    expect(billedTo({ ...person, firstName: null, lastName: null, accountType: null })).toEqual([
      'ada@example.com',
    ]);
  });

  it('names what was paid for: a plan by the month, a credit pack by its credits', () => {
    expect(invoicePlan({ kind: 'plan', plan: 'package_2', credits: null })).toBe(
      'Professional Plan — monthly',
    );
    expect(invoicePlan({ kind: 'top_up', plan: null, credits: 1000 })).toBe('Credit pack — 1,000 credits');
  });

  it('writes amounts in their currency and dates in UTC', () => {
    expect(invoiceAmount({ amountCents: 8700, currency: 'usd' })).toBe('$87.00');
    expect(invoiceAmount({ amountCents: 4700, currency: 'eur' })).toBe('€47.00');
    expect(invoiceDate('2026-11-23T23:30:00.000Z')).toBe('November 23, 2026');
  });
});
