import type { TRun } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { formatCount, pluralize } from '../../../lib/format.ts';

const SOURCE_NOUNS: Record<TRun['source'], string> = {
  single: 'single username',
  batch: 'batch',
  keyword: 'keyword selection',
  similar: 'similar accounts',
  followers: 'followers list',
  following: 'following list',
  hashtag: 'hashtag',
};

/**
 * The runs still going besides the one in focus: one line each, with a link that puts it in focus
 * (its progress and results then show).
 */
export function OtherRunsNotice({ runs }: { runs: readonly TRun[] }) {
  if (runs.length === 0) return null;
  return (
    <ul
      className="flex flex-col gap-1 rounded-lg border border-dashed px-4 py-2 text-sm"
      aria-label="Other running extractions"
      data-testid="other-runs"
    >
      {runs.map((run) => (
        <li key={run.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="text-muted-foreground">
            Also running: {SOURCE_NOUNS[run.source]} of {pluralize(run.total, 'account')} (
            {formatCount(run.processed)}/{formatCount(run.total)})
          </span>
          <Link
            to={{ search: `?run=${encodeURIComponent(run.id)}` }}
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            View progress
          </Link>
        </li>
      ))}
    </ul>
  );
}
