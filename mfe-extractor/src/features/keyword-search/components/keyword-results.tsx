import type { TKeywordSearchUser } from '@prospector/contracts';
import { Button, Spinner } from '@prospector/ui';
import ChevronsDownIcon from 'lucide-react/icons/chevrons-down';
import { useMemo } from 'react';
import { SelectableAccountList } from '../../../components/account-list/selectable-account-list.tsx';
import { optedOutNote, pluralize } from '../../../lib/format.ts';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';

type KeywordResultsProps = {
  keyword: string;
  users: TKeywordSearchUser[];
  hidden: number;
  /** Of `hidden`, those whose owners opted out: noted on their own line, so each note is true. */
  optedOut?: number;
  /** Provider pages the service passed over because every account on them was hidden. */
  skippedPages?: number;
  onStartExtraction: TStartExtraction;
  /** Asks for the next page; absent when the provider has no more. */
  onLoadMore?: () => void;
  loadingMore?: boolean;
};

/** "{n} already extracted account(s) hidden" (docs/product.md §5: keyword results note how many were hidden). */
export const hiddenNote = (hidden: number) => `${pluralize(hidden, 'already extracted account')} hidden`;

/** "Skipped 2 pages of already-extracted accounts": why the list goes on past pages it does not show. */
export const skippedPagesNote = (pages: number) =>
  `Skipped ${pluralize(pages, 'page')} of already-extracted accounts`;

/** The spec's words for the keyword list's selection (docs/product.md §2); "Extract all (n)" is every list's. */
const KEYWORD_TEXTS = {
  selectAll: 'Select All',
  extractSelected: (count: string) => `Start Extraction (${count})`,
};

/**
 * The spec's scrollable, selectable result list, as every discovery result shows it (followers,
 * category, badges, filters, sort, the selection's cost): Select All, "Start Extraction (n)" and
 * "Extract all (n)". Accounts already extracted are not in it (the service hides them, skips pages of
 * nothing else, and says how many); "Load more" stays while the provider has more, even when nothing
 * is shown yet.
 */
export function KeywordResults({
  keyword,
  users,
  hidden,
  optedOut = 0,
  skippedPages = 0,
  onStartExtraction,
  onLoadMore,
  loadingMore = false,
}: KeywordResultsProps) {
  const accounts = useMemo(() => users.map((user) => ({ ...user, extracted: false })), [users]);
  const loadMore = onLoadMore && (
    <Button type="button" variant="outline" disabled={loadingMore} onClick={onLoadMore}>
      {loadingMore ? <Spinner label="Loading more accounts" /> : <ChevronsDownIcon aria-hidden />}
      Load more
    </Button>
  );
  return (
    <section aria-label={`Results for "${keyword}"`} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-sm font-medium">
          {pluralize(users.length, 'account')} for “<span className="break-all">{keyword}</span>”
        </h3>
        {hidden - optedOut > 0 && (
          <p className="text-xs text-muted-foreground" data-testid="hidden-note">
            {hiddenNote(hidden - optedOut)}
          </p>
        )}
        {optedOut > 0 && (
          <p className="text-xs text-muted-foreground" data-testid="opted-out-note">
            {optedOutNote(optedOut)}
          </p>
        )}
        {skippedPages > 0 && (
          <p className="text-xs text-muted-foreground" data-testid="skipped-pages-note">
            {skippedPagesNote(skippedPages)}
          </p>
        )}
      </div>

      {users.length === 0 ? (
        <div className="flex flex-col gap-2 sm:items-end">
          <p className="w-full rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            No results
          </p>
          {loadMore}
        </div>
      ) : (
        <SelectableAccountList
          label={`Accounts found for "${keyword}"`}
          listLabel="Accounts found"
          accounts={accounts}
          onExtract={(usernames) => onStartExtraction(usernames, 'keyword', keyword)}
          texts={KEYWORD_TEXTS}
          actions={loadMore}
        />
      )}
    </section>
  );
}
