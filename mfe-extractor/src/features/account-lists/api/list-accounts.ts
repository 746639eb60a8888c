import {
  EXTRACTOR_ENDPOINTS,
  type TAccountListKind,
  type TAccountListPage,
  type TListedAccount,
} from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

/** What the user asked to list: the kind, the username or hashtag, and how many accounts at most. */
export type TAccountListQuery = { kind: TAccountListKind; target: string; limit: number };

/**
 * The list as an infinite query, one page per provider page (`POST /api/extractor/account-lists`, after
 * `cursor` when given). Keyed by kind and target (not by the limit: asking for more of the same list
 * keeps the pages already loaded). Kept for half an hour, so leaving the page and coming back shows the
 * same list without listing again.
 */
export const accountListQueryOptions = ({ kind, target }: Pick<TAccountListQuery, 'kind' | 'target'>) =>
  infiniteQueryOptions({
    queryKey: ['extractor', 'account-lists', { kind, target }] as const,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        EXTRACTOR_ENDPOINTS.accountLists,
        { body: { kind, target, cursor: pageParam } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    // A failed page is shown with "Try again"; retrying a rate limit at once would only be refused again.
    retry: false,
  });

/** The list the user asked for; nothing is asked before they do. */
export const useAccountList = (query: TAccountListQuery | null) =>
  useInfiniteQuery({
    ...accountListQueryOptions(query ?? { kind: 'followers', target: '' }),
    enabled: query !== null,
  });

/** The pages as one list, each account once (a hashtag's later page may repeat an earlier poster). */
export function mergePages(pages: readonly TAccountListPage[] | undefined, limit: number): TListedAccount[] {
  const seen = new Set<string>();
  const accounts: TListedAccount[] = [];
  for (const page of pages ?? []) {
    for (const account of page.accounts) {
      if (accounts.length >= limit) return accounts;
      if (seen.has(account.username)) continue;
      seen.add(account.username);
      accounts.push(account);
    }
  }
  return accounts;
}
