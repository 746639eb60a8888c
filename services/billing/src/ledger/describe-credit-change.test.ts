import { describe, expect, it } from 'vitest';
import { describeCreditChange, type TDescribableRow } from './describe-credit-change.ts';

const row = (fields: Partial<TDescribableRow>): TDescribableRow => ({
  reason: 'capture',
  reference: null,
  plan: null,
  invoiceDate: null,
  createdAt: new Date('2026-11-24T10:00:00Z'),
  ...fields,
});

describe('describeCreditChange', () => {
  it('names the trial grant and a plan grant by its plan and invoice date', () => {
    expect(describeCreditChange(row({ reason: 'trial_grant', reference: 'trial' }))).toEqual({
      description: 'Free trial credits',
      link: null,
    });
    expect(
      describeCreditChange(
        row({
          reason: 'plan_grant',
          reference: 'in_sandbox_8f2a',
          plan: 'package_1',
          invoiceDate: new Date('2026-11-23T23:30:00Z'),
        }),
      ).description,
    ).toBe('Starter plan — invoice of Nov 23');
    // Rows written before the plan was stored still read as words, dated by the row.
    expect(
      describeCreditChange(row({ reason: 'plan_grant', reference: 'in_sandbox_8f2a' })).description,
    ).toBe('Plan credits — invoice of Nov 24');
  });

  it('names the account an extraction charge paid for and links to its run', () => {
    expect(
      describeCreditChange(
        row({ reference: 'extraction:7b0c1d2e-0000-4000-8000-000000000001:item-9:jane.doe_1' }),
      ),
    ).toEqual({
      description: 'E-mail found for @jane.doe_1',
      link: {
        label: 'View extraction run',
        href: '/dashboard/instagram-info?run=7b0c1d2e-0000-4000-8000-000000000001',
      },
    });
  });

  it.each([
    null,
    'item-42',
    'extraction:run-1:item-1',
    'extraction:run-1:item-1:bad name',
    'extraction:run-1:item-1:name:extra',
    'extraction::item-1:name',
    'refund:run-1:item-1:name',
  ])('reads a capture reference it does not know (%s) as "Credits used"', (reference) => {
    expect(describeCreditChange(row({ reference }))).toEqual({ description: 'Credits used', link: null });
  });

  it('names the address and the reason of an undeliverable e-mail refund, with its run', () => {
    expect(
      describeCreditChange(
        row({
          reason: 'refund',
          reference: 'extraction:7b0c1d2e-0000-4000-8000-000000000001:item-9:anna',
          refundEmail: 'anna@nomail.example',
          refundReason: 'no mail server for this domain',
        }),
      ),
    ).toEqual({
      description: 'Refund: anna@nomail.example — no mail server for this domain',
      link: {
        label: 'View extraction run',
        href: '/dashboard/instagram-info?run=7b0c1d2e-0000-4000-8000-000000000001',
      },
    });
    expect(describeCreditChange(row({ reason: 'refund', reference: 'other' }))).toEqual({
      description: 'Credits refunded',
      link: null,
    });
  });
});
