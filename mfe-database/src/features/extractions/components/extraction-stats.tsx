import { StatCard } from '@prospector/ui';
import { useExtractionStats } from '@prospector/web-data';
import DatabaseIcon from 'lucide-react/icons/database';
import MailCheckIcon from 'lucide-react/icons/mail-check';
import TrendingUpIcon from 'lucide-react/icons/trending-up';

const count = (value: number | undefined) => value?.toLocaleString('en-US');

/** The user's extraction figures from the database service, the same ones the dashboard shows. */
export function ExtractionStats() {
  const stats = useExtractionStats();
  const data = stats.data;
  return (
    <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-3">
      {(
        [
          ['Total Extractions', DatabaseIcon, count(data?.totalExtractions)],
          ['With Email', MailCheckIcon, count(data?.withEmail)],
          ['Success Rate', TrendingUpIcon, data ? `${data.successRate}%` : undefined],
        ] as const
      ).map(([title, icon, value]) => (
        <StatCard key={title} title={title} icon={icon} value={value} failed={stats.isError} />
      ))}
    </section>
  );
}
