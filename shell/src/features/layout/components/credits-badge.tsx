import { Badge, cn, Skeleton } from '@prospector/ui';
import { CoinsIcon } from 'lucide-react';

/** Spec §9: the badge turns destructive at 10 credits or fewer. */
export const LOW_CREDITS_THRESHOLD = 10;

/** The top bar's balance. `undefined` means the balance is not known yet and shows a skeleton. */
export function CreditsBadge({ credits }: { credits: number | undefined }) {
  if (credits === undefined) {
    return (
      <span className="flex items-center gap-2" role="status">
        <span className="sr-only">Credits loading</span>
        <CoinsIcon className="size-4 text-muted-foreground" aria-hidden />
        <Skeleton className="h-5 w-20" />
      </span>
    );
  }
  const low = credits <= LOW_CREDITS_THRESHOLD;
  return (
    <Badge variant={low ? 'destructive' : 'secondary'} className={cn('gap-1.5 px-2.5 py-1 text-sm')}>
      <CoinsIcon aria-hidden />
      {credits.toLocaleString('en-US')} credits
    </Badge>
  );
}
