import type { TRun } from '@prospector/contracts';
import { formatCount } from '../../../lib/format.ts';

/** Where a run's usernames came from, as the Results panel and Recent runs name it. */
export const RUN_SOURCE_LABELS: Record<TRun['source'], string> = {
  single: 'Single username',
  batch: 'Batch',
  keyword: 'Keyword selection',
  similar: 'Similar accounts',
  followers: 'Followers',
  following: 'Following',
  hashtag: 'Hashtag',
};

/**
 * The accounts a run went through: all it was given while it runs or when it completed, and for a
 * run stopped early (cancelled, failed) how many it processed of them.
 */
export function runAccountsFigure(run: Pick<TRun, 'status' | 'processed' | 'total'>): string {
  if (run.status === 'cancelled' || run.status === 'failed')
    return `${formatCount(run.processed)} of ${formatCount(run.total)}`;
  return formatCount(run.total);
}
