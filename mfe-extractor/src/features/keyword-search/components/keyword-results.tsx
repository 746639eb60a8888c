import type { TKeywordSearchUser } from '@prospector/contracts';
import { Button, Checkbox, Label, Spinner } from '@prospector/ui';
import ChevronsDownIcon from 'lucide-react/icons/chevrons-down';
import ScanSearchIcon from 'lucide-react/icons/scan-search';
import { useId } from 'react';
import { AccountRow } from '../../../components/account-row.tsx';
import { formatCount, optedOutNote, pluralize } from '../../../lib/format.ts';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { useAccountSelection } from '../../../lib/use-account-selection.ts';

type KeywordResultsProps = {
  keyword: string;
  users: TKeywordSearchUser[];
  /** Every account left out: already extracted, or opted out. */
  hidden: number;
  /** Of `hidden`, those whose owners opted out: noted on their own line, so each note is true. */
  optedOut?: number;
  onStartExtraction: TStartExtraction;
  /** Asks for the next page; absent when the provider has no more. */
  onLoadMore?: () => void;
  loadingMore?: boolean;
};

/** "{n} already extracted account(s) hidden" (docs/product.md §5: keyword results note how many were hidden). */
export const hiddenNote = (hidden: number) => `${pluralize(hidden, 'already extracted account')} hidden`;

/**
 * The spec's scrollable, selectable result list: a checkbox per account (Tab moves between them,
 * Space ticks one), Select All, and "Start Extraction (n)". The list scrolls inside its own box so a
 * long result set never stretches the page.
 */
export function KeywordResults({
  keyword,
  users,
  hidden,
  optedOut = 0,
  onStartExtraction,
  onLoadMore,
  loadingMore = false,
}: KeywordResultsProps) {
  const idPrefix = useId();
  const usernames = users.map((user) => user.username);
  const selection = useAccountSelection(usernames, 'keyword', onStartExtraction, keyword);
  const count = selection.selected.size;

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
      </div>

      {users.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No results
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${idPrefix}-all`}
                checked={selection.allState}
                onCheckedChange={selection.toggleAll}
              />
              <Label htmlFor={`${idPrefix}-all`}>Select All</Label>
            </div>
            <div className="flex items-center gap-2 text-xs text-muted-foreground">
              <span aria-live="polite">
                {formatCount(count)} of {formatCount(users.length)} selected
              </span>
              {count > 0 && (
                <Button type="button" variant="ghost" size="sm" onClick={selection.clear}>
                  Clear
                </Button>
              )}
            </div>
          </div>

          <ul
            aria-label="Accounts found"
            className="max-h-96 divide-y overflow-y-auto overscroll-contain rounded-md border"
          >
            {users.map((user) => (
              <AccountRow
                key={user.username}
                account={user}
                checked={selection.selected.has(user.username)}
                idPrefix={idPrefix}
                onToggle={selection.toggle}
              />
            ))}
          </ul>

          <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
            {onLoadMore ? (
              <Button type="button" variant="outline" disabled={loadingMore} onClick={onLoadMore}>
                {loadingMore ? <Spinner label="Loading more accounts" /> : <ChevronsDownIcon aria-hidden />}
                Load more
              </Button>
            ) : (
              <span />
            )}
            <Button
              type="button"
              className="w-full sm:w-auto"
              disabled={count === 0 || selection.starting}
              onClick={selection.startSelected}
            >
              <ScanSearchIcon aria-hidden />
              Start Extraction ({formatCount(count)})
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
