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
      <StatCard
        title="Total Extractions"
        icon={DatabaseIcon}
        value={count(data?.totalExtractions)}
        failed={stats.isError}
      />
      <StatCard
        title="With Email"
        icon={MailCheckIcon}
        value={count(data?.withEmail)}
        failed={stats.isError}
      />
      <StatCard
        title="Success Rate"
        icon={TrendingUpIcon}
        value={data ? `${data.successRate}%` : undefined}
        failed={stats.isError}
      />
    </section>
  );
}
