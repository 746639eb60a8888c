import { EXTRACTIONS_EXPORT_PATH, SUPPORT_EMAIL } from '@prospector/contracts';
import { Button, Unbroken } from '@prospector/ui';
import { useExtractionsExport } from '@prospector/web-data';
import ClockAlertIcon from 'lucide-react/icons/clock-exclamation-point';
import DownloadIcon from 'lucide-react/icons/download';
import LogOutIcon from 'lucide-react/icons/log-out';
import MailIcon from 'lucide-react/icons/mail';
import { ProductLogo } from '../../../components/product-logo.tsx';
import { useSignOutWithToasts } from '../../../hooks/use-sign-out-with-toasts.ts';
import { RemotePage } from '../../../remotes/remote-page.tsx';

/**
 * docs/product.md §2 "Trial expired screen": shown instead of any gated page once the trial is over. The plan
 * cards come from the billing remote, which owns plans and pricing. It replaces the whole frame, so
 * it offers Sign Out itself (someone signed in to the wrong account is not stuck here).
 */
export function TrialExpiredPage() {
  const { signOut, isPending } = useSignOutWithToasts();
  const exporting = useExtractionsExport();
  return (
    <main className="relative flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
      <Button
        variant="ghost"
        size="sm"
        className="absolute top-4 right-4"
        disabled={isPending}
        onClick={signOut}
      >
        <LogOutIcon aria-hidden />
        Sign Out
      </Button>
      <div className="flex w-full max-w-5xl flex-col items-center gap-8">
        <ProductLogo />
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ClockAlertIcon className="size-6" aria-hidden />
          </span>
          <h1 className="text-3xl font-semibold tracking-tight">Trial Period Expired</h1>
          <p className="max-w-xl text-muted-foreground">
            {/* The 402's words (TRIAL_EXPIRED_MESSAGE); the saved extractions are the line below's, as
                they stay the user's without paying. */}
            Your 15-day free trial has ended. Choose a plan to keep extracting <Unbroken>e-mails</Unbroken>.
          </p>
        </div>
        {/* An expired trial keeps what it extracted: the database's export (every saved record with an
            e-mail, the Database page's format) stays one click away while the tools are closed. */}
        <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
          Your saved extractions stay yours.
          <Button
            variant="outline"
            size="sm"
            disabled={exporting.isPending}
            onClick={() => exporting.mutate(EXTRACTIONS_EXPORT_PATH)}
          >
            <DownloadIcon aria-hidden />
            {exporting.isPending ? 'Exporting…' : 'Export them as CSV'}
          </Button>
        </p>
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
