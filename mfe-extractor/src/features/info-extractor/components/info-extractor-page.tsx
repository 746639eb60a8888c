import { RUN_SEARCH_PARAM } from '@prospector/contracts';
import { useSearchParams } from '@prospector/router';
import { PageHeader, SectionCard, Tabs, TabsContent, TabsList, TabsTrigger } from '@prospector/ui';
import { SignedInOnly } from '@prospector/web-features';
import AtSignIcon from 'lucide-react/icons/at-sign';
import HashIcon from 'lucide-react/icons/hash';
import SearchIcon from 'lucide-react/icons/search';
import UsersIcon from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react/types';
import { type ReactNode, useCallback, useState } from 'react';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { useRuns } from '../api/get-runs.ts';
import { useStartRun } from '../api/start-run.ts';
import { useRunEvents } from '../api/use-run-events.ts';
import { useRunChanges } from '../hooks/use-run-changes.ts';
import { runInFocus, splitByFocus } from '../lib/run-focus.ts';
import { CreditsSummary } from './credits-summary.tsx';
import { ExtractByUsername } from './extract-by-username.tsx';
import { OtherRunsNotice } from './other-runs-notice.tsx';
import { RecentRuns } from './recent-runs.tsx';
import { RunProgressCard } from './run-progress-card.tsx';
import { RunResults } from './run-results.tsx';
import { SampleDataNotice } from './sample-data-notice.tsx';
import { WebsiteLookupToggle } from './website-lookup-toggle.tsx';

/** The chosen source tab, in the address so a reload (mid-run too) keeps it. */
export const SOURCE_SEARCH_PARAM = 'source';
const SOURCES = ['username', 'keyword', 'followers', 'hashtag'] as const;
type TSource = (typeof SOURCES)[number];
const isSource = (value: string | null): value is TSource => SOURCES.includes(value as TSource);
/** Each source's tab; "Extract by" shows before the name from the small breakpoint up. */
const SOURCE_TABS: Record<TSource, { icon: LucideIcon; label: string; extractBy?: true }> = {
  username: { icon: AtSignIcon, label: 'Username', extractBy: true },
  keyword: { icon: SearchIcon, label: 'Keyword', extractBy: true },
  followers: { icon: UsersIcon, label: 'Followers' },
  hashtag: { icon: HashIcon, label: 'Hashtag' },
};

/**
 * The source tabs other features provide (keyword search, account lists), each given the page's run
 * starter; `src/exposes/info-extractor-page.tsx` puts them in.
 */
export type TSourceTabs = Record<
  Exclude<TSource, 'username'>,
  (startExtraction: TStartExtraction) => ReactNode
>;

/**
 * Runs live on the server: the page asks for them on mount (a reload mid-run shows the run still
 * going), follows them on the events stream, and announces each one that ends while it is open.
 */
function ExtractorWorkspace({ sourceTabs }: { sourceTabs: TSourceTabs }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const runs = useRuns();
  useRunEvents();
  const progressRuns = useRunChanges(runs.data?.runs);
  // The run in focus (its progress and results show): the one in `?run=` (`runResultsHref`), else the newest.
  const selectedRunId = runInFocus(runs.data?.runs, searchParams.get(RUN_SEARCH_PARAM));
  const { focused, othersRunning } = splitByFocus(progressRuns, selectedRunId);
  const sourceParam = searchParams.get(SOURCE_SEARCH_PARAM);
  const source: TSource = isSource(sourceParam) ? sourceParam : 'username';
  /** Sets (or, with null, removes) one parameter of the address, in place of the current entry. */
  const setParam = useCallback(
    (name: string, value: string | null) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  // A new run's results replace whichever older run was open.
  const showLatest = useCallback(() => setParam(RUN_SEARCH_PARAM, null), [setParam]);
  // Looking on linked websites is on unless the user turns it off for this visit.
  const [websites, setWebsites] = useState(true);
  const { startAndWait } = useStartRun({ onStarted: showLatest, websites });

  return (
    <>
      <SectionCard
        title="New extraction"
        description="Results are saved to your Instagram Database automatically."
      >
        {/* Phones show only the short names; the full names stay for screen readers. */}
        <Tabs value={source} onValueChange={(next) => setParam(SOURCE_SEARCH_PARAM, next)}>
          <TabsList
            aria-label="Source"
            className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit"
          >
            {SOURCES.map((value) => {
              const { icon: Icon, label, extractBy } = SOURCE_TABS[value];
              return (
                <TabsTrigger key={value} value={value}>
                  <Icon aria-hidden />
                  <span>
                    {extractBy && (
                      <span className="sr-only sm:not-sr-only sm:whitespace-pre">Extract by </span>
                    )}
                    {label}
                  </span>
                </TabsTrigger>
              );
            })}
          </TabsList>
          {SOURCES.map((value) => (
            <TabsContent key={value} value={value} className="pt-4">
              {value === 'username' ? (
                <ExtractByUsername onStarted={showLatest} websites={websites} />
              ) : (
                sourceTabs[value](startAndWait)
              )}
            </TabsContent>
          ))}
        </Tabs>
        <WebsiteLookupToggle checked={websites} onCheckedChange={setWebsites} />
      </SectionCard>
      {focused && <RunProgressCard key={focused.id} run={focused} />}
      <OtherRunsNotice runs={othersRunning} />
      {selectedRunId && <RunResults runId={selectedRunId} />}
      <RecentRuns selectedRunId={selectedRunId} />
    </>
  );
}

export function InfoExtractorPage({ sourceTabs }: { sourceTabs: TSourceTabs }) {
  return (
    <SignedInOnly>
      <div className="flex flex-col gap-6 p-4 md:p-6">
        <PageHeader
          title="Instagram Info Extractor"
          description="Find the public e-mail and profile data of Instagram accounts."
        />
        <SampleDataNotice />
        <CreditsSummary />
        <ExtractorWorkspace sourceTabs={sourceTabs} />
      </div>
    </SignedInOnly>
  );
}
