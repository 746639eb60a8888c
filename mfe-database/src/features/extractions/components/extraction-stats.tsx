import { PHONE_SCREEN_QUERY, Skeleton, StatCard, useMediaQuery } from '@prospector/ui';
import { useExtractionStats } from '@prospector/web-data';
import DatabaseIcon from 'lucide-react/icons/database';
import MailCheckIcon from 'lucide-react/icons/mail-check';
import TrendingUpIcon from 'lucide-react/icons/trending-up';

const count = (value: number | undefined) => value?.toLocaleString('en-US');

/**
 * The user's extraction figures from the database service, the same ones the dashboard shows. On a
 * phone they share one row, so the records start on the first screen.
 */
export function ExtractionStats() {
  const stats = useExtractionStats();
  const phone = useMediaQuery(PHONE_SCREEN_QUERY);
  const data = stats.data;
  const figures = [
    ['Total Extractions', DatabaseIcon, count(data?.totalExtractions)],
    ['With Email', MailCheckIcon, count(data?.withEmail)],
    ['Success Rate', TrendingUpIcon, data ? `${data.successRate}%` : undefined],
  ] as const;
  if (phone) {
    return (
      <section
        aria-label="Statistics"
        className="grid grid-cols-3 divide-x rounded-xl border bg-card py-3 text-center shadow-sm"
      >
        {figures.map(([title, , value]) => (
          <div key={title} className="flex min-w-0 flex-col items-center gap-1 px-1">
            <h3 className="text-xs text-muted-foreground">{title}</h3>
            {stats.isError ? (
              <p className="text-lg font-bold text-muted-foreground">
                <span aria-hidden>—</span>
                <span className="sr-only">Unavailable</span>
              </p>
            ) : value === undefined ? (
              <Skeleton className="h-7 w-12" aria-label={`${title} loading`} />
            ) : (
              <p className="text-lg font-bold">{value}</p>
            )}
          </div>
        ))}
      </section>
    );
  }
  return (
    <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-3">
      {figures.map(([title, icon, value]) => (
        <StatCard key={title} title={title} icon={icon} value={value} failed={stats.isError} />
      ))}
    </section>
  );
}
