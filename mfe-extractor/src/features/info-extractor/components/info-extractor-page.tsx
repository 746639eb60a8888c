import { useSearchParams } from '@prospector/router';
import { PageHeader, SectionCard, Tabs, TabsContent, TabsList, TabsTrigger } from '@prospector/ui';
import { SignedInOnly } from '@prospector/web-data';
import AtSignIcon from 'lucide-react/icons/at-sign';
import SearchIcon from 'lucide-react/icons/search';
import { useCallback, useState } from 'react';
import { ExtractByKeyword } from '../../keyword-search/components/extract-by-keyword.tsx';
import { useRuns } from '../api/get-runs.ts';
import { useStartRun } from '../api/start-run.ts';
import { useRunEvents } from '../api/use-run-events.ts';
import { runInFocus, splitByFocus } from '../lib/run-focus.ts';
import { useRunLifecycle } from '../stores/use-run-lifecycle.ts';
import { CreditsSummary } from './credits-summary.tsx';
import { ExtractByUsername } from './extract-by-username.tsx';
import { OtherRunsNotice } from './other-runs-notice.tsx';
import { RecentRuns } from './recent-runs.tsx';
import { RunProgressCard } from './run-progress-card.tsx';
import { RunResults } from './run-results.tsx';
import { SampleDataNotice } from './sample-data-notice.tsx';
import { WebsiteLookupToggle } from './website-lookup-toggle.tsx';

/** The run in focus (its progress and its results show): the one in `?run=`, otherwise the newest. */
export const RUN_SEARCH_PARAM = 'run';

/**
 * Runs live on the server: the page asks for them on mount (a reload mid-run shows the run still
 * going), follows them on the events stream, and announces each one that ends while it is open.
 */
function ExtractorWorkspace() {
  const [searchParams, setSearchParams] = useSearchParams();
  const runs = useRuns();
  useRunEvents();
  const progressRuns = useRunLifecycle(runs.data?.runs);
  const selectedRunId = runInFocus(runs.data?.runs, searchParams.get(RUN_SEARCH_PARAM));
  const { focused, othersRunning } = splitByFocus(progressRuns, selectedRunId);

  // A new run's results replace whichever older run was open.
  const showLatest = useCallback(
    () =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(RUN_SEARCH_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  // Looking on linked websites is on unless the user turns it off for this visit.
  const [websites, setWebsites] = useState(true);
  const { startAndWait } = useStartRun({ onStarted: showLatest, websites });

  return (
    <>
      <SectionCard
        title="New extraction"
        description="Results are saved to your Instagram Database automatically."
      >
        {/* Phones show only "Username" and "Keyword"; the full names stay for screen readers. */}
        <Tabs defaultValue="username">
          <TabsList>
            <TabsTrigger value="username">
              <AtSignIcon aria-hidden />
              <span>
                <span className="sr-only sm:not-sr-only sm:whitespace-pre">Extract by </span>
                Username
              </span>
            </TabsTrigger>
            <TabsTrigger value="keyword">
              <SearchIcon aria-hidden />
              <span>
                <span className="sr-only sm:not-sr-only sm:whitespace-pre">Extract by </span>
                Keyword
              </span>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="username" className="pt-4">
            <ExtractByUsername onStarted={showLatest} websites={websites} />
          </TabsContent>
          <TabsContent value="keyword" className="pt-4">
            <ExtractByKeyword onStartExtraction={startAndWait} />
          </TabsContent>
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

export function InfoExtractorPage() {
  return (
    <SignedInOnly>
      <div className="flex flex-col gap-6 p-4 md:p-6">
        <PageHeader
          title="Instagram Info Extractor"
          description="Find the public e-mail and profile data of Instagram accounts."
        />
        <SampleDataNotice />
        <CreditsSummary />
        <ExtractorWorkspace />
      </div>
    </SignedInOnly>
  );
}
