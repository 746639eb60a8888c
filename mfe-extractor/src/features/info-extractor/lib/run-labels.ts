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

/** A keyword, account or hashtag as typed, without the sign the label adds. */
const bare = (detail: string) => detail.trim().replace(/^[@#]+/, '');

/**
 * Where a run's usernames came from, in words that tell runs apart: 'Keyword "fitness"', 'Similar to
 * @nike', 'Followers of @nike', 'Accounts @nike follows', 'Hashtag #travel'; single and batch runs
 * (and runs from before the detail was kept) by their kind.
 */
export function runSourceLabel(run: Pick<TRun, 'source' | 'sourceDetail'>): string {
  const detail = run.sourceDetail ? bare(run.sourceDetail) : '';
  if (!detail) return RUN_SOURCE_LABELS[run.source];
  switch (run.source) {
    case 'keyword':
      return `Keyword "${detail}"`;
    case 'similar':
      return `Similar to @${detail}`;
    case 'followers':
      return `Followers of @${detail}`;
    case 'following':
      return `Accounts @${detail} follows`;
    case 'hashtag':
      return `Hashtag #${detail}`;
    default:
      return RUN_SOURCE_LABELS[run.source];
  }
}

/** The run's first accounts, and how many more: "@anna, @ben, @cleo and 9 more". Empty when unknown. */
export function runFirstNames(run: Pick<TRun, 'firstUsernames' | 'total'>): string {
  if (run.firstUsernames.length === 0) return '';
  const names = run.firstUsernames.map((username) => `@${username}`).join(', ');
  const more = run.total - run.firstUsernames.length;
  return more > 0 ? `${names} and ${formatCount(more)} more` : names;
}

/**
 * The accounts a run went through: all it was given while it runs or when it completed, and for a
 * run stopped early (cancelled, failed) how many it processed of them.
 */
export function runAccountsFigure(run: Pick<TRun, 'status' | 'processed' | 'total'>): string {
  if (run.status === 'cancelled' || run.status === 'failed')
    return `${formatCount(run.processed)} of ${formatCount(run.total)}`;
  return formatCount(run.total);
}
