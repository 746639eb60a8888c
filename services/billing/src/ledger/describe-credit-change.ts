import {
  isPlanId,
  PLANS,
  parseExtractionChargeReference,
  runResultsHref,
  type TCreditHistoryLink,
  type TLedgerReason,
} from '@prospector/contracts';

export type TDescribableRow = {
  reason: TLedgerReason;
  reference: string | null;
  plan: string | null;
  invoiceDate: Date | null;
  refundEmail?: string | null;
  refundReason?: string | null;
  /** Signed; a transfer's sign says which way the credits went. */
  amount?: number;
  createdAt: Date;
};

/** "Nov 23": invoices are dated in UTC, as Stripe dates them. */
const invoiceDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Words for one ledger row, so every client shows the same: the plan and invoice a grant came from,
 * the account whose e-mail an extraction charge paid for (with a link to its run). A reference in
 * no known shape reads neutrally, never as an internal id.
 */
export function describeCreditChange(row: TDescribableRow): {
  description: string;
  link: TCreditHistoryLink | null;
} {
  switch (row.reason) {
    case 'trial_grant':
      return { description: 'Free trial credits', link: null };
    case 'plan_grant': {
      const plan = isPlanId(row.plan) ? `${PLANS[row.plan].label} plan` : 'Plan credits';
      return {
        description: `${plan} — invoice of ${invoiceDay.format(row.invoiceDate ?? row.createdAt)}`,
        link: null,
      };
    }
    case 'top_up':
      return {
        description: `Credit pack — paid ${invoiceDay.format(row.invoiceDate ?? row.createdAt)}`,
        link: null,
      };
    case 'capture': {
      const charge = parseExtractionChargeReference(row.reference);
      if (!charge) return { description: 'Credits used', link: null };
      return { description: `E-mail found for @${charge.username}`, link: runLink(charge.runId) };
    }
    case 'refund': {
      if (!row.refundEmail) return { description: 'Credits refunded', link: null };
      const charge = parseExtractionChargeReference(row.reference);
      return {
        description: `Refund: ${row.refundEmail} — ${row.refundReason ?? 'undeliverable'}`,
        link: charge ? runLink(charge.runId) : null,
      };
    }
    case 'transfer':
      return {
        description:
          (row.amount ?? 0) < 0
            ? 'Credits moved to another of your workspaces'
            : 'Credits moved from another of your workspaces',
        link: null,
      };
  }
}

const runLink = (runId: string): TCreditHistoryLink => ({
  label: 'View extraction run',
  href: runResultsHref(runId),
});
