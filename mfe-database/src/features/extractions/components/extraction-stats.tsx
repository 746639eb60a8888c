import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@prospector/ui';
import { DatabaseIcon, type LucideIcon, MailCheckIcon, TrendingUpIcon } from 'lucide-react';

const STATS: readonly { title: string; icon: LucideIcon }[] = [
  { title: 'Total Extractions', icon: DatabaseIcon },
  { title: 'With Email', icon: MailCheckIcon },
  { title: 'Success Rate', icon: TrendingUpIcon },
];

/** Figures come from the database service; until they arrive each card shows a skeleton. */
export function ExtractionStats() {
  return (
    <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-3">
      {STATS.map((stat) => (
        <Card key={stat.title} className="gap-3">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle className="text-sm font-medium text-muted-foreground">
              <h2>{stat.title}</h2>
            </CardTitle>
            <stat.icon className="size-4 text-muted-foreground" aria-hidden />
          </CardHeader>
          <CardContent>
            <Skeleton className="h-8 w-20" />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
