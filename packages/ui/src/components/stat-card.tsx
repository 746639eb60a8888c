import type { LucideIcon } from 'lucide-react/types';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { Skeleton } from './skeleton';

type StatCardProps = {
  title: string;
  icon: LucideIcon;
  /** `undefined` while the number is not known: a skeleton, never a made-up value. */
  value: string | undefined;
  /** The figures could not be loaded: a dash instead of a skeleton that never resolves. */
  failed?: boolean;
  /** A line under the number saying what it counts. */
  hint?: string;
};

/** One figure of a statistics row: a skeleton while unknown, a dash if it could not be loaded. */
export function StatCard({ title, icon: Icon, value, failed = false, hint }: StatCardProps) {
  return (
    <Card className="gap-3">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">
          <h3>{title}</h3>
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        {failed ? (
          <p className="text-2xl font-bold text-muted-foreground">
            <span aria-hidden>—</span>
            <span className="sr-only">Unavailable</span>
          </p>
        ) : value === undefined ? (
          <Skeleton className="h-8 w-20" aria-label={`${title} loading`} />
        ) : (
          <p className="text-2xl font-bold">{value}</p>
        )}
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  );
}
