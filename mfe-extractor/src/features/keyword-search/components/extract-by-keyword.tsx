import { MAX_TEXT_LENGTH, type TKeywordSearchResponse } from '@prospector/contracts';
import { Button, Input, Label, Skeleton, Spinner } from '@prospector/ui';
import SearchIcon from 'lucide-react/icons/search';
import SearchXIcon from 'lucide-react/icons/search-x';
import { type FormEvent, useState } from 'react';
import { useProviderInfo } from '../../../api/get-provider-info.ts';
import { FieldMessage } from '../../../components/field-message.tsx';
import { ListNotice } from '../../../components/list-notices.tsx';
import { reportSearchFailure } from '../../../lib/search-failure.ts';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { useSessionState } from '../../../lib/use-session-state.ts';
import { SEARCH_FAILURE_TEXTS, useSearchUsers } from '../api/search-users.ts';
import { KeywordResults } from './keyword-results.tsx';

/** docs/product.md §5: "The keyword must be non-blank." */
export const BLANK_KEYWORD = 'Please enter a keyword';

/** The last search's pages, kept for the browser tab: leaving the page and coming back shows them. */
type TKeywordResults = { keyword: string; pages: TKeywordSearchResponse[]; searchedAt: number };

/**
 * The info extractor's "Extract by Keyword" tab (docs/product.md §2): search, pick accounts from the results, and
 * extract them in one run. Accounts the user already extracted are left out by the service and noted.
 */
export function ExtractByKeyword({ onStartExtraction }: { onStartExtraction: TStartExtraction }) {
  const provider = useProviderInfo();
  const search = useSearchUsers();
  const more = useSearchUsers();
  // The first page and those "Load more" added, in order; a new search starts over.
  const [results, setResults] = useSessionState<TKeywordResults | null>('prospector.extractor.keyword', null);
  const [keyword, setKeyword] = useState(results?.keyword ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);

  if (provider.data && !provider.data.capabilities.search) {
    return (
      <ListNotice icon={SearchXIcon} title="Keyword search isn't available">
        The current data provider can't search Instagram by keyword. Extract by username still works.
      </ListNotice>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    if (!trimmed) {
      setFieldError(BLANK_KEYWORD);
      return;
    }
    setFieldError(null);
    more.reset();
    setResults(null);
    search.mutate(
      { keyword: trimmed },
      {
        onSuccess: (page) => setResults({ keyword: trimmed, pages: [page], searchedAt: Date.now() }),
        onError: (error) => reportSearchFailure(error, SEARCH_FAILURE_TEXTS, setFieldError),
      },
    );
  };

  const lastPage = results?.pages.at(-1);
  const loadMore = () => {
    const cursor = lastPage?.nextCursor;
    if (!cursor || !results) return;
    more.mutate(
      { keyword: results.keyword, cursor },
      {
        onSuccess: (page) => setResults({ ...results, pages: [...results.pages, page] }),
        onError: (error) => reportSearchFailure(error, SEARCH_FAILURE_TEXTS, setFieldError),
      },
    );
  };
  const pages = results?.pages ?? [];
  const seen = new Set<string>();
  const users = pages.flatMap((page) =>
    page.users.filter((user) => !seen.has(user.username) && seen.add(user.username)),
  );
  const hidden = pages.reduce((total, page) => total + page.hidden, 0);
  // Results kept for the tab before opt-outs were counted apart have no `optedOut`.
  const optedOut = pages.reduce((total, page) => total + (page.optedOut ?? 0), 0);
  // Results kept for the tab before pages were skipped have no `skippedPages`.
  const skippedPages = pages.reduce((total, page) => total + (page.skippedPages ?? 0), 0);

  const errorId = 'extract-keyword-error';
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
        <Label htmlFor="extract-keyword">Keyword</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="extract-keyword"
            name="keyword"
            placeholder="e.g. vegan bakery"
            autoComplete="off"
            maxLength={MAX_TEXT_LENGTH}
            value={keyword}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => {
              setKeyword(event.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <Button type="submit" disabled={search.isPending}>
            <SearchIcon aria-hidden />
            Search
          </Button>
        </div>
        <FieldMessage id={errorId} error={fieldError}>
          Pick accounts from the results, then extract them in one run. Accounts you already extracted are
          hidden.
        </FieldMessage>
      </form>

      {search.isPending ? (
        <div className="flex flex-col gap-2">
          <Spinner label="Searching accounts" showLabel />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-14 w-full" />
          ))}
        </div>
      ) : results ? (
        <KeywordResults
          // A new search starts with nothing selected.
          key={results.searchedAt}
          keyword={results.keyword}
          users={users}
          hidden={hidden}
          optedOut={optedOut}
          skippedPages={skippedPages}
          onStartExtraction={onStartExtraction}
          onLoadMore={lastPage?.nextCursor ? loadMore : undefined}
          loadingMore={more.isPending}
        />
      ) : null}
    </div>
  );
}
