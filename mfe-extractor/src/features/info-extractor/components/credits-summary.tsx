import { Card, CardContent, Skeleton } from '@prospector/ui';
import { CoinsIcon, CrownIcon } from 'lucide-react';

/**
 * Available credits and plan (spec §2). The balance comes from billing once the session is wired;
 * until then both values show skeletons rather than a guess.
 */
export function CreditsSummary() {
  return (
    <Card className="py-4">
      <CardContent className="flex flex-wrap items-center gap-x-8 gap-y-3">
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CoinsIcon className="size-4" aria-hidden />
          </span>
          <div className="flex flex-col gap-1">
            <span className="text-xs text-muted-foreground">Available credits</span>
            <Skeleton className="h-5 w-16" />
          </div>
        </div>
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CrownIcon className="size-4" aria-hidden />
          </span>
          <div className="flex flex-col gap-1">
            <span className="text-xs text-muted-foreground">Plan</span>
            <Skeleton className="h-5 w-24" />
          </div>
        </div>
        <p className="text-sm text-muted-foreground sm:ml-auto">
          One credit is used only when a public e-mail is found.
        </p>
      </CardContent>
    </Card>
  );
}
