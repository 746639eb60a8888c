import { extractionCsvFileName, isRunActive, type TRunDetail } from '@prospector/contracts';
import { Button, EmailStatusToggle, LoadFailed, SectionCard, Skeleton, useSelection } from '@prospector/ui';
import { ApiError, downloadTextFile } from '@prospector/web-data';
import { AddToListDialog } from '@prospector/web-features';
import DownloadIcon from 'lucide-react/icons/download';
import ListPlusIcon from 'lucide-react/icons/list-plus';
import { useState } from 'react';
import { formatDateTime, pluralize } from '../../../lib/format.ts';
import { useRun } from '../api/get-run.ts';
import { buildExtractionCsv, exportableRows, type TExportRow } from '../lib/extraction-csv.ts';
import { RUN_SOURCE_LABELS } from '../lib/run-labels.ts';
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

function ResultsBody({
  run,
  rows,
  selected,
  onToggle,
}: {
  run: TRunDetail;
  rows: TExportRow[];
  selected: ReadonlySet<string>;
  onToggle: (usernames: string[], checked: boolean) => void;
}) {
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
                selection={{
                  checked: selected.has(row.profile.username),
                  onChange: (checked) => onToggle([row.profile.username], checked),
                }}
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
  const withEmail = exportableRows(rows).length;
  const [includeEmailStatus, setIncludeEmailStatus] = useState(false);
  const { selected, change, clear } = useSelection();
  /** What the list dialog adds: the selected results, or everything the run saved. */
  const [adding, setAdding] = useState<'selected' | 'all' | null>(null);
  const finished = run.data !== undefined && !isRunActive(run.data.status);

  const exportCsv = () =>
    downloadTextFile(buildExtractionCsv(rows, { includeEmailStatus }), extractionCsvFileName());

  return (
    <SectionCard
      aria-busy={run.isPending}
      data-testid="run-results"
      title="Results"
      description={
        run.data
          ? `${RUN_SOURCE_LABELS[run.data.source]} · ${formatDateTime(run.data.createdAt)} · ${pluralize(rows.length, 'profile')}`
          : 'Loading the run…'
      }
      action={
        <div className="flex flex-wrap items-center gap-3">
          <EmailStatusToggle
            id="results-email-status"
            checked={includeEmailStatus}
            onCheckedChange={setIncludeEmailStatus}
          />
          {/* What the file holds, said before it is made: the same rows as the database's export. */}
          <span
            className="text-xs text-muted-foreground"
            id="results-export-scope"
            data-testid="export-scope"
          >
            {withEmail === 0 ? 'No e-mails to export' : `${pluralize(withEmail, 'profile')} with an e-mail`}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={withEmail === 0}
            aria-describedby="results-export-scope"
            onClick={exportCsv}
          >
            <DownloadIcon aria-hidden />
            Export CSV
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={selected.size === 0}
            onClick={() => setAdding('selected')}
          >
            <ListPlusIcon aria-hidden />
            Add to list…
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!finished || rows.length === 0}
            title={finished ? undefined : 'Available when the run has finished'}
            onClick={() => setAdding('all')}
          >
            <ListPlusIcon aria-hidden />
            Save all to list
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
        <ResultsBody run={run.data} rows={rows} selected={selected} onToggle={change} />
      )}
      <AddToListDialog
        open={adding !== null}
        onOpenChange={(open) => (open ? undefined : setAdding(null))}
        records={adding === 'all' ? { runId } : { usernames: [...selected] }}
        what={
          adding === 'all'
            ? 'every account this run saved'
            : `${pluralize(selected.size, 'selected account')}`
        }
        onAdded={() => (adding === 'selected' ? clear() : undefined)}
      />
    </SectionCard>
  );
}
