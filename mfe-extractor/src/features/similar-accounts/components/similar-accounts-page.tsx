import { MAX_TEXT_LENGTH, normalizeUsername, type TSimilarAccountsResponse } from '@prospector/contracts';
import { Badge, Button, Input, Label, PageHeader, SectionCard, Skeleton, Spinner } from '@prospector/ui';
import { SignedInOnly } from '@prospector/web-features';
import UserXIcon from 'lucide-react/icons/user-x';
import UsersIcon from 'lucide-react/icons/users';
import { type FormEvent, useState } from 'react';
import { useProviderInfo } from '../../../api/get-provider-info.ts';
import { ListNotice } from '../../../components/list-notices.tsx';
import { reportSearchFailure } from '../../../lib/search-failure.ts';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { useSessionState } from '../../../lib/use-session-state.ts';
import { SIMILAR_FAILURE_TEXTS, useFindSimilarAccounts } from '../api/find-similar-accounts.ts';
import { SimilarAccountsResults } from './similar-accounts-results.tsx';

/** docs/product.md §5 "Similar accounts". */
export const BLANK_USERNAME = 'Please enter an Instagram username';
export const INVALID_USERNAME = 'Enter an Instagram username or profile link, e.g. natgeo';

type SimilarAccountsPageProps = {
  /** Where the results can be extracted from; without it the page lists, copies and downloads only. */
  onStartExtraction?: TStartExtraction;
};

/** /dashboard/similar-accounts (docs/product.md §2): accounts like one username, to copy, download or extract. */
export function SimilarAccountsPage({ onStartExtraction }: SimilarAccountsPageProps = {}) {
  const provider = useProviderInfo();
  const find = useFindSimilarAccounts();
  // The last results, kept for the browser tab: leaving the page and coming back shows them.
  const [found, setFound] = useSessionState<{
    username: string;
    result: TSimilarAccountsResponse;
    searchedAt: number;
  } | null>('prospector.extractor.similar', null);
  const [input, setInput] = useState(found?.username ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const unsupported = provider.data !== undefined && !provider.data.capabilities.similar;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = input.trim();
    const username = normalizeUsername(trimmed);
    if (!trimmed || !username) {
      setFieldError(trimmed ? INVALID_USERNAME : BLANK_USERNAME);
      return;
    }
    setFieldError(null);
    setFound(null);
    find.mutate(
      { username },
      {
        onSuccess: (result) => setFound({ username, result, searchedAt: Date.now() }),
        onError: (error) => reportSearchFailure(error, SIMILAR_FAILURE_TEXTS, setFieldError),
      },
    );
  };

  const errorId = 'similar-username-error';
  return (
    <SignedInOnly>
      <div className="flex min-w-0 flex-col gap-6 p-4 md:p-6">
        <PageHeader
          title="Similar Accounts"
          description="Start from one Instagram account and discover related profiles to add to your lead list."
        />
        <SectionCard
          title="Find accounts like…"
          description={
            onStartExtraction
              ? 'Copy the usernames, download them as CSV, or extract them straight away.'
              : 'Results list usernames you can copy or download as CSV.'
          }
          contentClassName="flex flex-col gap-3"
        >
          {unsupported ? (
            <ListNotice icon={UserXIcon} title="Similar accounts aren't available">
              The current data provider can't look up similar Instagram accounts.
            </ListNotice>
          ) : (
            <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
              <Label htmlFor="similar-username">Instagram username</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id="similar-username"
                  name="username"
                  placeholder="e.g. natgeo"
                  autoComplete="off"
                  maxLength={MAX_TEXT_LENGTH}
                  value={input}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? errorId : undefined}
                  onChange={(event) => {
                    setInput(event.target.value);
                    if (fieldError) setFieldError(null);
                  }}
                />
                <Button type="submit" disabled={find.isPending}>
                  <UsersIcon aria-hidden />
                  Find Similar Accounts
                </Button>
              </div>
              {fieldError && (
                <p id={errorId} role="alert" className="text-sm text-destructive">
                  {fieldError}
                </p>
              )}
            </form>
          )}
          {provider.data?.sampleData && (
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="outline">Sample data</Badge>
              The sandbox provider answers with generated accounts.
            </p>
          )}
        </SectionCard>

        {find.isPending ? (
          <div className="flex flex-col gap-3">
            <Spinner label="Finding similar accounts" showLabel />
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {[0, 1, 2, 3, 4, 5].map((cell) => (
                <Skeleton key={cell} className="h-11" />
              ))}
            </div>
          </div>
        ) : found ? (
          <SimilarAccountsResults
            // A new search starts with nothing selected.
            key={found.searchedAt}
            username={found.username}
            result={found.result}
            onStartExtraction={onStartExtraction}
          />
        ) : null}
      </div>
    </SignedInOnly>
  );
}
