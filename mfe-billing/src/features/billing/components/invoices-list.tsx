import { planDisplayLabel, type TInvoice } from '@prospector/contracts';
import { Badge, Button, LoadFailed, SectionCard, Skeleton } from '@prospector/ui';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import FileTextIcon from 'lucide-react/icons/file-text';
import { useState } from 'react';
import { useInvoices } from '../api/get-invoices.ts';
import { INVOICE_STATUS_LABELS, invoiceAmount, invoiceDate, invoicePlan } from '../lib/invoice-text.ts';
import { InvoiceDialog } from './invoice-dialog.tsx';

const linkClass =
  'inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline';

/** Billing → Invoices: date, plan, amount and status of each, opened in the app or at the provider. */
export function InvoicesList() {
  const invoices = useInvoices();
  const [open, setOpen] = useState<TInvoice | null>(null);
  return (
    <SectionCard
      title="Invoices"
      description="Every payment, with its invoice."
      contentClassName="flex flex-col gap-2"
    >
      {invoices.isPending ? (
        <Skeleton className="h-12" />
      ) : invoices.isError ? (
        <LoadFailed onRetry={() => void invoices.refetch()}>The invoices could not be loaded.</LoadFailed>
      ) : invoices.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices yet. They appear here after each payment.</p>
      ) : (
        <ul className="flex flex-col divide-y" aria-label="Invoices">
          {invoices.data.map((invoice) => (
            <li
              key={invoice.id}
              data-testid="invoice-row"
              className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 py-3 sm:grid-cols-[10rem_1fr_6rem_6rem_auto]"
            >
              <span className="text-sm font-medium">{invoiceDate(invoice.issuedAt)}</span>
              <span className="text-sm text-muted-foreground sm:text-foreground">
                {invoicePlan(invoice)}
                {invoice.replacedPlan && (
                  <span className="block text-xs text-muted-foreground" data-testid="invoice-plan-change">
                    Changed from the {planDisplayLabel(invoice.replacedPlan)}, ended at once
                  </span>
                )}
              </span>
              <span className="text-sm font-medium tabular-nums">{invoiceAmount(invoice)}</span>
              <span>
                <Badge variant={invoice.status === 'paid' ? 'success' : 'outline'}>
                  {INVOICE_STATUS_LABELS[invoice.status]}
                </Badge>
              </span>
              <span className="col-span-2 flex flex-wrap gap-x-4 gap-y-1 sm:col-span-1">
                <Button
                  variant="link"
                  className="h-auto p-0"
                  aria-label={`View the invoice of ${invoiceDate(invoice.issuedAt)}`}
                  onClick={() => setOpen(invoice)}
                >
                  <FileTextIcon aria-hidden />
                  View
                </Button>
                {invoice.hostedUrl && (
                  <a href={invoice.hostedUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    Provider page
                    <ExternalLinkIcon aria-hidden className="size-3.5" />
                  </a>
                )}
                {invoice.pdfUrl && (
                  <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    PDF
                    <ExternalLinkIcon aria-hidden className="size-3.5" />
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <InvoiceDialog invoice={open} onClose={() => setOpen(null)} />
    </SectionCard>
  );
}
