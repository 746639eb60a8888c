import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@prospector/ui';
import { CoinsIcon } from 'lucide-react';

/**
 * Balance and plan label. The balance comes from the billing ledger once accounts are wired; until
 * it is known the card shows skeletons (and no Upgrade Plan button, which depends on the balance).
 */
export function CreditsCard() {
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>
            <h2>Available Credits</h2>
          </CardTitle>
          <CardDescription>One credit is used only when a public e-mail is found.</CardDescription>
        </div>
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <CoinsIcon className="size-5" aria-hidden />
        </span>
      </CardHeader>
      <CardContent className="flex items-end justify-between gap-4" aria-busy="true">
        <Skeleton className="h-10 w-32" aria-label="Credits loading" />
        <Skeleton className="h-6 w-24" aria-label="Plan loading" />
      </CardContent>
    </Card>
  );
}
