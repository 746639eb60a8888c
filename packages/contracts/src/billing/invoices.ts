import { z } from 'zod';
import { PLAN_IDS } from './plans.ts';

export const INVOICE_STATUSES = ['paid', 'open', 'void', 'uncollectible'] as const;
export const INVOICE_KINDS = ['plan', 'top_up'] as const;

/**
 * One invoice of the signed-in user (`GET /api/billing/invoices`), as the payment provider issued it:
 * Stripe's own, or the sandbox's generated one with the same fields. `hostedUrl` and `pdfUrl` are the
 * provider's pages (Stripe only; the sandbox's are generated in the app).
 */
export const ZInvoiceSchema = z.object({
  id: z.string(),
  /** A plan's period, or a one-off credit pack (a top-up). */
  kind: z.enum(INVOICE_KINDS),
  /** The plan a `plan` invoice paid; null on a top-up. */
  plan: z.enum(PLAN_IDS).nullable(),
  /** The credits a top-up bought; null on a plan's invoice. */
  credits: z.number().int().min(1).nullable(),
  amountCents: z.number().int().min(0),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedAt: z.iso.datetime(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  /** On the invoice that paid a plan change: the plan it replaced (ended at once, see the README). */
  replacedPlan: z.enum(['package_1', 'package_2', 'package_3']).nullable(),
  hostedUrl: z.url().nullable(),
  pdfUrl: z.url().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoiceSchema>;

/** Newest first. */
export const ZInvoiceListSchema = z.object({ invoices: z.array(ZInvoiceSchema) });
export type TInvoiceList = z.infer<typeof ZInvoiceListSchema>;

/** How many invoices the list answers: years of monthly invoices. */
export const INVOICE_LIST_LIMIT = 100;
