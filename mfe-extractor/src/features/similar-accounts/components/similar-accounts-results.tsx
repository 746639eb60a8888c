import type { TSimilarAccountsResponse } from '@prospector/contracts';
import { Button, Checkbox, Label, SectionCard } from '@prospector/ui';
import { downloadTextFile } from '@prospector/web-data';
import CheckIcon from 'lucide-react/icons/check';
import CopyIcon from 'lucide-react/icons/copy';
import DownloadIcon from 'lucide-react/icons/download';
import ScanSearchIcon from 'lucide-react/icons/scan-search';
import { useId } from 'react';
import { formatCount, optedOutNote, pluralize } from '../../../lib/format.ts';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { useAccountSelection } from '../../../lib/use-account-selection.ts';
import { similarAccountsCsv, similarAccountsFileName } from '../similar-accounts-csv.ts';
import { useCopyUsername } from './use-copy-username.ts';

type SimilarAccountsResultsProps = {
  /** The account the search started from. */
  username: string;
  result: TSimilarAccountsResponse;
  /** Absent where no run can be started from this page: the extract actions are not shown then. */
  onStartExtraction?: TStartExtraction;
};

// Wrapped, not cut: a long username is read whole on a phone too, where no title shows.
const nameClass = 'min-w-0 flex-1 break-all py-2 text-sm font-medium';

/** The result grid (docs/product.md §2): each username with a copy button, the total, Download CSV, and extraction. */
export function SimilarAccountsResults({ username, result, onStartExtraction }: SimilarAccountsResultsProps) {
  const idPrefix = useId();
  const { copied, copy } = useCopyUsername();
  const { accounts, total, hidden } = result;
  const { selected, starting, ...selection } = useAccountSelection(
    accounts,
    'similar',
    onStartExtraction,
    username,
  );
  const canExtract = onStartExtraction !== undefined && accounts.length > 0;

  return (
    <SectionCard
      aria-labelledby={`${idPrefix}-title`}
      title={
        <span id={`${idPrefix}-title`} className="break-all">
          Accounts similar to @{username}
        </span>
      }
      description={
        <>
          <span data-testid="similar-total">{pluralize(total, 'account')} found</span>
          {hidden > 0 ? (
            <span className="block text-xs" data-testid="similar-hidden-note">
              {optedOutNote(hidden)}
            </span>
          ) : null}
        </>
      }
      contentClassName="flex min-w-0 flex-col gap-4"
    >
      {accounts.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No results
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            {canExtract ? (
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${idPrefix}-all`}
                  checked={selection.allState}
                  onCheckedChange={selection.toggleAll}
                />
                <Label htmlFor={`${idPrefix}-all`}>Select All</Label>
                <span className="text-xs text-muted-foreground" aria-live="polite">
                  {formatCount(selected.size)} selected
                </span>
              </div>
            ) : (
              <span />
            )}
            <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
              <Button
                variant="outline"
                onClick={() =>
                  downloadTextFile(similarAccountsCsv(accounts), similarAccountsFileName(username))
                }
              >
                <DownloadIcon aria-hidden />
                Download CSV
              </Button>
              {canExtract && (
                <>
                  <Button
                    variant="secondary"
                    disabled={selected.size === 0 || starting}
                    onClick={selection.startSelected}
                  >
                    <ScanSearchIcon aria-hidden />
                    Extract selected ({formatCount(selected.size)})
                  </Button>
                  <Button disabled={starting} onClick={selection.startAll}>
                    <ScanSearchIcon aria-hidden />
                    Extract all
                  </Button>
                </>
              )}
            </div>
          </div>

          <ul
            aria-label="Similar accounts"
            className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          >
            {accounts.map((account) => {
              const isCopied = copied === account;
              return (
                <li
                  key={account}
                  className="flex min-w-0 items-center gap-2 rounded-md border bg-card py-1 pr-1 pl-3"
                >
                  {canExtract && (
                    <Checkbox
                      id={`${idPrefix}-${account}`}
                      aria-label={`Select ${account}`}
                      checked={selected.has(account)}
                      onCheckedChange={(checked) => selection.toggle(account, checked === true)}
                    />
                  )}
                  {canExtract ? (
                    // The username labels its checkbox: a click on the name ticks it too.
                    <label htmlFor={`${idPrefix}-${account}`} className={nameClass} title={account}>
                      @{account}
                    </label>
                  ) : (
                    <span className={nameClass} title={account}>
                      @{account}
                    </span>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Copy ${account}`}
                    data-copied={isCopied ? 'true' : undefined}
                    onClick={() => copy(account)}
                  >
                    {isCopied ? <CheckIcon aria-hidden className="text-success" /> : <CopyIcon aria-hidden />}
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p className="sr-only" aria-live="polite" data-testid="copy-announcement">
        {copied ? `Copied ${copied} to the clipboard` : ''}
      </p>
    </SectionCard>
  );
}
