import { MAX_SKIPPED_SEARCH_PAGES } from '@prospector/contracts';

/** One provider page of a search: its accounts and where the next page starts (null: no more). */
export interface TSearchPageOf<TUser> {
  users: TUser[];
  nextCursor: string | null;
}

/** What the user may see of a page's accounts, and how many of them are hidden (and, of those, opted out). */
export interface TSortedPage<TUser> {
  visible: TUser[];
  hidden: number;
  optedOut: number;
}

export interface TSearchPastHiddenSteps<TUser> {
  /** Asks the provider for the page after `cursor` (null: the first). */
  fetchPage: (cursor: string | null) => Promise<TSearchPageOf<TUser>>;
  /** Splits a page into what the user sees and what is hidden (already extracted, opted out). */
  sortPage: (users: TUser[]) => Promise<TSortedPage<TUser>>;
  /** Whether one more provider call may be made (the per-user search budget); asked before each skip. */
  mayFetchAnother: () => boolean;
  /** A page after the first that could not be fetched: the answer stops before it, and says why to the log. */
  onSkipFailed: (error: unknown) => void;
}

export interface TSearchPastHiddenResult<TUser> {
  users: TUser[];
  hidden: number;
  optedOut: number;
  /** Pages passed over because every account on them was hidden. */
  skippedPages: number;
  nextCursor: string | null;
}

/**
 * One keyword search page as the user sees it (docs/product.md §2): the provider's page after `cursor`,
 * and while every account on it is hidden and the provider has more, the next one, so that extracting a
 * whole page never leaves the next ones out of reach. It stops after `MAX_SKIPPED_SEARCH_PAGES` skips, when
 * the search budget is spent, or when a later page fails; the answer then has no accounts and the cursor
 * of the page it stopped before, so "Load more" goes on from there. Hidden accounts are counted over
 * every page it read. A failure of the first page is the caller's to report.
 */
export async function searchPastHidden<TUser>(
  cursor: string | null,
  steps: TSearchPastHiddenSteps<TUser>,
): Promise<TSearchPastHiddenResult<TUser>> {
  let page = await steps.fetchPage(cursor);
  let hidden = 0;
  let optedOut = 0;
  let skippedPages = 0;
  for (let skips = 0; ; skips += 1) {
    const sorted = await steps.sortPage(page.users);
    hidden += sorted.hidden;
    optedOut += sorted.optedOut;
    const done =
      sorted.visible.length > 0 ||
      page.nextCursor === null ||
      skips >= MAX_SKIPPED_SEARCH_PAGES ||
      !steps.mayFetchAnother();
    if (done) return { users: sorted.visible, hidden, optedOut, skippedPages, nextCursor: page.nextCursor };
    const next: TSearchPageOf<TUser> | null = await steps
      .fetchPage(page.nextCursor)
      .catch((error: unknown) => {
        steps.onSkipFailed(error);
        return null;
      });
    if (next === null) return { users: [], hidden, optedOut, skippedPages, nextCursor: page.nextCursor };
    // A page the provider gave empty is passed over too, but it was no page of hidden accounts.
    if (page.users.length > 0) skippedPages += 1;
    page = next;
  }
}
