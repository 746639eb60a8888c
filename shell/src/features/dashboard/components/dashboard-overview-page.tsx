import { APP_PATHS, type TExtractionStats } from '@prospector/contracts';
import { Alert, AlertDescription, AlertTitle, Button, StatCard } from '@prospector/ui';
import { useExtractionStats } from '@prospector/web-data';
import BarChart3Icon from 'lucide-react/icons/chart-column';
import CoinsIcon from 'lucide-react/icons/coins';
import DatabaseIcon from 'lucide-react/icons/database';
import MailIcon from 'lucide-react/icons/mail';
import ScanSearchIcon from 'lucide-react/icons/scan-search';
import TrendingUpIcon from 'lucide-react/icons/trending-up';
import TriangleAlertIcon from 'lucide-react/icons/triangle-exclamation-point';
import { CreditsCard } from './credits-card.tsx';
import { ToolCard } from './tool-card.tsx';

const count = (value: number) => value.toLocaleString('en-US');

/** docs/product.md §4 "Dashboard statistics": the four cards, in order. */
const STAT_CARDS = [
  {
    title: 'Total Extractions',
    icon: BarChart3Icon,
    hint: 'Accounts processed',
    value: (stats: TExtractionStats) => count(stats.totalExtractions),
  },
  {
    title: 'Emails Found',
    icon: MailIcon,
    hint: 'Public e-mails extracted',
    value: (stats: TExtractionStats) => count(stats.withEmail),
  },
  {
    title: 'Credits Used',
    icon: CoinsIcon,
    hint: 'One per e-mail found',
    value: (stats: TExtractionStats) => count(stats.creditsUsed),
  },
  {
    title: 'Success Rate',
    icon: TrendingUpIcon,
    hint: 'Accounts with an e-mail',
    value: (stats: TExtractionStats) => `${stats.successRate}%`,
  },
];

export function DashboardOverviewPage() {
  const stats = useExtractionStats();
  const data = stats.data;
  return (
    <div className="flex flex-col gap-6 p-4 md:p-6">
      <section className="relative overflow-hidden rounded-xl bg-gradient-to-br from-primary to-primary/75 px-6 py-8 text-primary-foreground shadow-sm md:px-8">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Welcome to your dashboard</h1>
        <p className="mt-2 max-w-xl text-sm text-primary-foreground/85 md:text-base">
          Find public contact e-mails on Instagram and build your lead lists. You only pay when an e-mail is
          found.
        </p>
      </section>

      <CreditsCard />

      <section aria-label="Statistics" className="flex flex-col gap-4">
        {stats.isError && (
          <Alert variant="destructive">
            <TriangleAlertIcon aria-hidden />
            <AlertTitle>Statistics unavailable</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center gap-3">
              Your extraction statistics couldn't be loaded.
              <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {STAT_CARDS.map(({ value, ...card }) => (
            <StatCard
              key={card.title}
              {...card}
              value={data ? value(data) : undefined}
              failed={stats.isError}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="tools-heading" className="flex flex-col gap-4">
        <h2 id="tools-heading" className="text-lg font-semibold">
          Tools
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <ToolCard
            title="Instagram Info Extractor"
            description="Extract public e-mails and profile data from one username, a batch of usernames, or a keyword search."
            to={APP_PATHS.infoExtractorShort}
            icon={ScanSearchIcon}
            action="Start extracting"
          />
          <ToolCard
            title="Instagram Database"
            description="Browse, filter and export every account you have extracted, or delete the ones you no longer need."
            to={APP_PATHS.databaseShort}
            icon={DatabaseIcon}
            action="Open database"
          />
        </div>
      </section>
    </div>
  );
}
