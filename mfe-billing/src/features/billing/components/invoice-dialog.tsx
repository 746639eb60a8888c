import { planDisplayLabel, type TInvoice } from '@prospector/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@prospector/ui';
import { useProfile } from '@prospector/web-data';
import PrinterIcon from 'lucide-react/icons/printer';
import {
  billedTo,
  INVOICE_STATUS_LABELS,
  invoiceAmount,
  invoiceDate,
  invoicePlan,
} from '../lib/invoice-text.ts';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * One invoice, generated from what billing recorded (the sandbox's have no provider page): seller,
 * who it is made out to (a company's VAT number included), date, plan, period, amount and status.
 */
export function InvoiceDialog({ invoice, onClose }: { invoice: TInvoice | null; onClose: () => void }) {
  const profile = useProfile();
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-lg">
        {invoice && (
          <>
            <DialogHeader>
              <DialogTitle>Invoice {invoice.id}</DialogTitle>
              <DialogDescription>Prospector — Instagram lead extraction</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="invoice-document">
              <Row label="Date">{invoiceDate(invoice.issuedAt)}</Row>
              <Row label="Billed to">
                {profile.data ? (
                  billedTo(profile.data).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))
                ) : (
                  <span className="text-muted-foreground">Loading…</span>
                )}
              </Row>
              <Row label={invoice.kind === 'top_up' ? 'Item' : 'Plan'}>
                {invoicePlan(invoice)}
                {invoice.replacedPlan && (
                  <span className="block text-muted-foreground">
                    Replaces the {planDisplayLabel(invoice.replacedPlan)}, ended on this date
                  </span>
                )}
              </Row>
              {invoice.periodStart && invoice.periodEnd && (
                <Row label="Period">
                  {invoiceDate(invoice.periodStart)} – {invoiceDate(invoice.periodEnd)}
                </Row>
              )}
              <Row label="Amount">{invoiceAmount(invoice)}</Row>
              <Row label="Status">{INVOICE_STATUS_LABELS[invoice.status]}</Row>
            </dl>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => window.print()}>
                <PrinterIcon aria-hidden />
                Print
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
