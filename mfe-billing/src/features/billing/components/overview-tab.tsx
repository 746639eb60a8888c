import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Skeleton,
} from '@prospector/ui';
import { CalendarIcon, CoinsIcon, CrownIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Current plan, status, dates and credits (spec §2). These come from the billing service; until it
 * answers each value is a skeleton, and cancelling or reactivating is not offered.
 */
export function OverviewTab({ onChangePlan }: { onChangePlan: () => void }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Current Plan</h2>
          </CardTitle>
          <CardDescription>Your subscription and when it renews.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Fact icon={<CrownIcon aria-hidden />} label="Plan">
            <div className="flex items-center gap-2">
              <Skeleton className="h-5 w-28" />
              <Skeleton className="h-5 w-16 rounded-full" />
            </div>
          </Fact>
          <Fact icon={<CalendarIcon aria-hidden />} label="Renews or expires on">
            <Skeleton className="h-5 w-32" />
          </Fact>
        </CardContent>
        <CardFooter className="flex-wrap gap-2 border-t pt-6">
          <Button onClick={onChangePlan}>Change Plan</Button>
          <Button variant="outline" disabled>
            Cancel Subscription
          </Button>
        </CardFooter>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Credits</h2>
          </CardTitle>
          <CardDescription>One credit is used for each public e-mail found.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Fact icon={<CoinsIcon aria-hidden />} label="Credits remaining">
            <Skeleton className="h-8 w-24" />
          </Fact>
          <Fact icon={<CalendarIcon aria-hidden />} label="Last updated">
            <Skeleton className="h-5 w-40" />
          </Fact>
        </CardContent>
      </Card>
    </div>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-4">
        {icon}
      </span>
      <div className="flex flex-col gap-1.5">
        <span className="text-xs text-muted-foreground">{label}</span>
        {children}
      </div>
    </div>
  );
}
