import { Button } from '@prospector/ui';
import { ClockAlertIcon, MailIcon } from 'lucide-react';
import { ProductLogo } from '../../../components/product-logo.tsx';
import { SUPPORT_EMAIL } from '../../../lib/plans.ts';
import { RemotePage } from '../../../remotes/remote-page.tsx';

/**
 * Spec §2 "Trial expired screen": shown instead of any gated page once the trial is over. The plan
 * cards come from the billing remote, which owns plans and pricing.
 */
export function TrialExpiredPage() {
  return (
    <main className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
      <div className="flex w-full max-w-5xl flex-col items-center gap-8">
        <ProductLogo />
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ClockAlertIcon className="size-6" aria-hidden />
          </span>
          <h1 className="text-3xl font-semibold tracking-tight">Trial Period Expired</h1>
          <p className="max-w-xl text-muted-foreground">
            Your 15-day free trial has ended. Choose a plan to keep extracting e-mails and to keep access to
            your saved extractions.
          </p>
        </div>
        <RemotePage id="billing/TrialExpiredPlans" section="the plans" />
        <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
          Need a larger volume or an invoice?
          <Button asChild variant="link" className="h-auto p-0">
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <MailIcon aria-hidden />
              Contact Sales
            </a>
          </Button>
        </p>
      </div>
    </main>
  );
}
