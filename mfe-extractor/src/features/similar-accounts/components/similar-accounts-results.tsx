import type { TListedAccount, TSimilarAccountsResponse } from '@prospector/contracts';
import { Button, SectionCard } from '@prospector/ui';
import { downloadTextFile } from '@prospector/web-data';
import CheckIcon from 'lucide-react/icons/check';
import CopyIcon from 'lucide-react/icons/copy';
import DownloadIcon from 'lucide-react/icons/download';
import { useId } from 'react';
import { SelectableAccountList } from '../../../components/account-list/selectable-account-list.tsx';
import { optedOutNote, pluralize } from '../../../lib/format.ts';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { similarAccountsCsv, similarAccountsFileName } from '../similar-accounts-csv.ts';
import { useCopyUsername } from './use-copy-username.ts';

type SimilarAccountsResultsProps = {
  /** The account the search started from. */
  username: string;
  result: TSimilarAccountsResponse;
  /** Absent where no run can be started from this page: the extract actions are not shown then. */
  onStartExtraction?: TStartExtraction;
};

/**
 * The results (docs/product.md §2): each account with its followers, category, badges and whether it is
 * in the database, to filter, sort and pick from with the selection's cost (the list every discovery
 * result uses), a copy button per username, the total, Download CSV, and extraction.
 */
export function SimilarAccountsResults({ username, result, onStartExtraction }: SimilarAccountsResultsProps) {
  const idPrefix = useId();
  const { copied, copy } = useCopyUsername();
  const { accounts, total, hidden } = result;

  const copyButton = (account: TListedAccount) => {
    const isCopied = copied === account.username;
    return (
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Copy ${account.username}`}
        data-copied={isCopied ? 'true' : undefined}
        onClick={() => copy(account.username)}
      >
        {isCopied ? <CheckIcon aria-hidden className="text-success" /> : <CopyIcon aria-hidden />}
      </Button>
    );
  };

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
        <SelectableAccountList
          label={`Accounts similar to @${username}`}
          listLabel="Similar accounts"
          accounts={accounts}
          onExtract={onStartExtraction && ((usernames) => onStartExtraction(usernames, 'similar', username))}
          rowAction={copyButton}
          actions={
            <Button
              variant="outline"
              onClick={() =>
                downloadTextFile(
                  similarAccountsCsv(accounts.map((account) => account.username)),
                  similarAccountsFileName(username),
                )
              }
            >
              <DownloadIcon aria-hidden />
              Download CSV
            </Button>
          }
        />
      )}
      <p className="sr-only" aria-live="polite" data-testid="copy-announcement">
        {copied ? `Copied ${copied} to the clipboard` : ''}
      </p>
    </SectionCard>
  );
}
