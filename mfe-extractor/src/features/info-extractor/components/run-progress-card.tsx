import { isRunActive, type TRun } from '@prospector/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, cn, Progress, Spinner } from '@prospector/ui';
import CheckCircle2Icon from 'lucide-react/icons/circle-check';
import XIcon from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { useCancelRun } from '../api/cancel-run.ts';

const TITLES: Record<TRun['status'], string> = {
  queued: 'Waiting to start…',
  running: 'Extracting…',
  completed: 'Extraction finished',
  cancelled: 'Extraction cancelled',
  failed: 'Extraction stopped',
};

/** Whole percent of the accounts processed; an empty run counts as done. */
export const runPercent = (run: Pick<TRun, 'processed' | 'total'>) =>
  run.total === 0 ? 100 : Math.floor((run.processed / run.total) * 100);

type FigureProps = { label: string; children: ReactNode; testId: string; className?: string };

/** One term and its value: a direct group of the card's list (dl > div > dt + dd). */
function Figure({ label, children, testId, className }: FigureProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * A run's progress (docs/product.md §2): processed of total, percent, the account being read, e-mails found,
 * errors, and Cancel while it runs. Its numbers come from the events stream as the run moves.
 */
export function RunProgressCard({ run }: { run: TRun }) {
  const cancel = useCancelRun();
  const active = isRunActive(run.status);
  const stopping = run.cancelRequested || cancel.isPending;
  const percent = runPercent(run);
  return (
    <Card className="gap-4 py-4" data-testid="run-progress" aria-label="Extraction progress" role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          {active ? (
            <Spinner label="Extraction running" />
          ) : (
            <CheckCircle2Icon className="size-4" aria-hidden />
          )}
          <h2 aria-live="polite">{TITLES[run.status]}</h2>
        </CardTitle>
        {active && (
          <Button variant="outline" size="sm" disabled={stopping} onClick={() => cancel.mutate(run.id)}>
            <XIcon aria-hidden />
            {stopping ? 'Cancelling…' : 'Cancel'}
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span>
            Progress{' '}
            <span className="font-medium" data-testid="progress-count">
              {formatCount(run.processed)}/{formatCount(run.total)}
            </span>
          </span>
          <span className="font-medium" data-testid="progress-percent">
            {percent}%
          </span>
        </div>
        <Progress value={percent} aria-label="Accounts processed" />
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure label="Current account" testId="current-account" className="col-span-2 sm:col-span-1">
            {run.currentUsername && active ? `@${run.currentUsername}` : '—'}
          </Figure>
          <Figure label="E-mails found" testId="emails-found">
            {formatCount(run.emailsFound)}
          </Figure>
          <Figure label="Errors" testId="run-errors">
            {formatCount(run.errors)}
          </Figure>
        </dl>
      </CardContent>
    </Card>
  );
}
