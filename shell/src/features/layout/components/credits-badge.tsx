import { LOW_CREDITS_THRESHOLD } from '@prospector/contracts';
import { Badge, Skeleton } from '@prospector/ui';
import { useCredits } from '@prospector/web-data';
import CoinsIcon from 'lucide-react/icons/coins';
import HourglassIcon from 'lucide-react/icons/hourglass';
import TriangleAlertIcon from 'lucide-react/icons/triangle-exclamation-point';

/**
 * The top bar's balance, from the billing ledger; a skeleton until it is known. It shows what a new
 * extraction may use, and beside it what running extractions hold: held credits are not spent yet
 * (what a run does not use comes back when it ends).
 */
export function CreditsBadge() {
  const credits = useCredits();
  if (credits.isPending) {
    return (
      <span className="flex items-center gap-2" role="status">
        <span className="sr-only">Credits loading</span>
        <CoinsIcon className="size-4 text-muted-foreground" aria-hidden />
        <Skeleton className="h-5 w-20" />
      </span>
    );
  }
  if (credits.isError) {
    return (
      <Badge
        variant="outline"
        className="gap-1.5 px-2.5 py-1 text-sm text-muted-foreground"
        title="Credits unavailable"
      >
        <TriangleAlertIcon aria-hidden />
        Credits unavailable
      </Badge>
    );
  }
  const { available, held } = credits.data;
  return (
    <span className="flex items-center gap-1 sm:gap-1.5">
      <Badge
        variant={available <= LOW_CREDITS_THRESHOLD ? 'destructive' : 'secondary'}
        className="gap-1.5 px-2 py-1 text-sm sm:px-2.5"
        data-testid="credits-badge"
      >
        <CoinsIcon aria-hidden />
        {/* Phones show the number by the coin; the word stays for screen readers. */}
        {available.toLocaleString('en-US')} <span className="sr-only sm:not-sr-only">credits</span>
      </Badge>
      {held > 0 && (
        <Badge
          variant="outline"
          className="gap-1 px-1.5 py-1 text-sm text-muted-foreground sm:px-2"
          data-testid="credits-reserved"
          title={`${held.toLocaleString('en-US')} credits reserved for running extractions`}
        >
          <HourglassIcon aria-hidden />
          {held.toLocaleString('en-US')} <span className="sr-only sm:not-sr-only">reserved</span>
          <span className="sr-only"> for running extractions</span>
        </Badge>
      )}
    </span>
  );
}
