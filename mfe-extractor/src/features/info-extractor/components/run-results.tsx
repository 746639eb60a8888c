import { isRunActive, type TRunDetail } from '@prospector/contracts';
import { Button, Checkbox, Label, LoadFailed, SectionCard, Skeleton, toast } from '@prospector/ui';
import { ApiError, downloadTextFile } from '@prospector/web-data';
import DownloadIcon from 'lucide-react/icons/download';
import { useState } from 'react';
import { formatDateTime, pluralize } from '../../../lib/format.ts';
import { useRun } from '../api/get-run.ts';
import { buildExtractionCsv, extractionCsvFileName, type TExportRow } from '../lib/extraction-csv.ts';
import { itemMessage } from '../lib/run-messages.ts';
import { ResultCard } from './result-card.tsx';

/** The run's extracted profiles, in the order they finished, with their e-mails' verdicts. */
export function exportRows(run: TRunDetail): TExportRow[] {
  return run.items.flatMap((item) =>
    item.profile
      ? [
          {
            profile: item.profile,
            extractedAt: item.finishedAt ?? run.createdAt,
            emailCheck: item.emailCheck,
            emailCheckPending: item.emailCheckPending,
          },
        ]
      : [],
  );
}

const SOURCE_LABELS: Record<TRunDetail['source'], string> = {
  single: 'Single username',
  batch: 'Batch',
  keyword: 'Keyword selection',
  similar: 'Similar accounts',
  followers: 'Followers',
  following: 'Following',
  hashtag: 'Hashtag',
};

function ResultsBody({ run, rows }: { run: TRunDetail; rows: TExportRow[] }) {
  const missed = run.items.filter(
    (item) => item.status === 'done' && !item.profile && item.outcome !== 'cancelled',
  );
  if (rows.length === 0 && missed.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {isRunActive(run.status)
          ? 'Results appear here as each account finishes.'
          : 'No profiles were extracted in this run.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {rows.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Extracted profiles">
          {rows.map((row) => (
            <li key={row.profile.username} className="min-w-0">
              <ResultCard
                profile={row.profile}
                emailCheck={row.emailCheck}
                emailCheckPending={row.emailCheckPending}
              />
            </li>
          ))}
        </ul>
      )}
      {missed.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">Not extracted</h3>
          <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground" data-testid="missed-items">
            {missed.map((item) => (
              <li key={item.id} className="break-words">
                {itemMessage(item)?.title ?? item.username}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Result cards of one run (docs/product.md §2), with Export CSV of its profiles. */
export function RunResults({ runId }: { runId: string }) {
  const run = useRun(runId);
  const rows = run.data ? exportRows(run.data) : [];
  const [includeEmailStatus, setIncludeEmailStatus] = useState(false);

  const exportCsv = () => {
    if (rows.length === 0) {
      toast.info('No data to export');
      return;
    }
    downloadTextFile(buildExtractionCsv(rows, { includeEmailStatus }), extractionCsvFileName());
  };

  return (
    <SectionCard
      aria-busy={run.isPending}
      data-testid="run-results"
      title="Results"
      description={
        run.data
          ? `${SOURCE_LABELS[run.data.source]} · ${formatDateTime(run.data.createdAt)} · ${pluralize(rows.length, 'profile')}`
          : 'Loading the run…'
      }
      action={
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <Checkbox
              id="results-email-status"
              checked={includeEmailStatus}
              onCheckedChange={(value) => setIncludeEmailStatus(value === true)}
            />
            <Label htmlFor="results-email-status" className="text-sm font-normal">
              Include e-mail status
            </Label>
          </div>
          <Button variant="outline" size="sm" disabled={!run.data} onClick={exportCsv}>
            <DownloadIcon aria-hidden />
            Export CSV
          </Button>
        </div>
      }
    >
      {run.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : run.isError ? (
        run.error instanceof ApiError && run.error.status === 404 ? (
          <p className="text-sm text-muted-foreground">This run was not found.</p>
        ) : (
          <LoadFailed onRetry={() => void run.refetch()}>The results could not be loaded.</LoadFailed>
        )
      ) : (
        <ResultsBody run={run.data} rows={rows} />
      )}
    </SectionCard>
  );
}
