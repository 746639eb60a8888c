import { isRunActive, NOT_CHARGED_UNDELIVERABLE, type TRun } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { Badge, type BadgeProps, cn, LoadFailed, SectionCard, Skeleton } from '@prospector/ui';
import { formatCount, formatDateTime, pluralize } from '../../../lib/format.ts';
import { useRuns } from '../api/get-runs.ts';
import { runAccountsFigure, runFirstNames, runSourceLabel } from '../lib/run-labels.ts';

/** How many runs the list shows; older ones stay in the Instagram Database. */
export const RECENT_RUNS_SHOWN = 10;

const STATUS: Record<TRun['status'], { label: string; variant: BadgeProps['variant'] }> = {
  queued: { label: 'Queued', variant: 'outline' },
  running: { label: 'Running', variant: 'default' },
  completed: { label: 'Completed', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function RunFigure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
      {note && (
        <dd className="text-xs text-muted-foreground" data-testid="recent-run-not-charged">
          {note}
        </dd>
      )}
    </div>
  );
}

/** Why "Credits used" is below "E-mails found": the undeliverable ones cost nothing. */
export const runNotChargedNote = (run: Pick<TRun, 'emailsUndeliverable'>): string | undefined =>
  run.emailsUndeliverable > 0
    ? `${NOT_CHARGED_UNDELIVERABLE}: ${formatCount(run.emailsUndeliverable)}`
    : undefined;

/**
 * The user's latest runs: where the usernames came from, when, accounts (for a run stopped early, how
 * many it processed), e-mails found, credits used and status. Opening one puts
 * `?run=<id>` in the address, so its results can be linked to (e.g. from the credit history).
 */
export function RecentRuns({ selectedRunId }: { selectedRunId: string | undefined }) {
  const runs = useRuns();
  return (
    <SectionCard title="Recent runs" description="Open a run to see its results again.">
      {runs.isPending ? (
        <div className="flex flex-col gap-2" aria-busy>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : runs.isError ? (
        <LoadFailed onRetry={() => void runs.refetch()}>Your runs could not be loaded.</LoadFailed>
      ) : runs.data.runs.length === 0 ? (
        <p className="text-sm text-muted-foreground">No runs yet. Your extractions will appear here.</p>
      ) : (
        <ul className="flex flex-col divide-y" aria-label="Recent runs">
          {runs.data.runs.slice(0, RECENT_RUNS_SHOWN).map((run) => {
            const selected = run.id === selectedRunId;
            const status = STATUS[run.status];
            const viewLabel = isRunActive(run.status) ? 'View progress' : 'View results';
            const source = runSourceLabel(run);
            const names = runFirstNames(run);
            return (
              <li
                key={run.id}
                data-testid="recent-run"
                className={cn(
                  // One column on phones; on wider screens the figures line up from row to row.
                  'grid grid-cols-1 gap-x-6 gap-y-2 rounded-md px-2 py-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-center',
                  selected && 'bg-muted/60',
                )}
              >
                <div className="flex min-w-0 max-w-full flex-col items-start gap-1">
                  <span
                    className="max-w-full break-words text-sm font-medium"
                    data-testid="recent-run-source"
                  >
                    {source}
                  </span>
                  {names && (
                    <span
                      className="max-w-full truncate text-xs text-muted-foreground"
                      title={names}
                      data-testid="recent-run-names"
                    >
                      {names}
                    </span>
                  )}
                  <span className="text-xs text-muted-foreground">{formatDateTime(run.createdAt)}</span>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </div>
                <dl className="grid max-w-md grid-cols-3 gap-4 text-sm">
                  <RunFigure label="Accounts" value={runAccountsFigure(run)} />
                  <RunFigure label="E-mails found" value={formatCount(run.emailsFound)} />
                  <RunFigure
                    label="Credits used"
                    value={formatCount(run.creditsUsed)}
                    note={runNotChargedNote(run)}
                  />
                </dl>
                {selected ? (
                  <span className="text-xs text-muted-foreground" aria-current="true">
                    Showing
                  </span>
                ) : (
                  <Link
                    to={{ search: `?run=${encodeURIComponent(run.id)}` }}
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
                    // The name starts with the words shown, so "click View progress" finds it too.
                    aria-label={`${viewLabel} of the run "${source}" of ${formatDateTime(run.createdAt)} (${pluralize(run.total, 'account')})`}
                  >
                    {viewLabel}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
