import type { TListedAccount } from '@prospector/contracts';

export const FOLLOWER_RANGES = {
  any: { label: 'Any followers', min: 0, max: Number.POSITIVE_INFINITY },
  under1k: { label: 'Under 1k', min: 0, max: 999 },
  '1k-10k': { label: '1k–10k', min: 1_000, max: 9_999 },
  '10k+': { label: '10k+', min: 10_000, max: Number.POSITIVE_INFINITY },
  '10k-100k': { label: '10k–100k', min: 10_000, max: 99_999 },
  '100k+': { label: '100k+', min: 100_000, max: Number.POSITIVE_INFINITY },
} as const;
export type TFollowerRange = keyof typeof FOLLOWER_RANGES;

export const SORTS = {
  list: 'List order',
  'followers-desc': 'Most followers',
  'followers-asc': 'Fewest followers',
} as const;
export type TSort = keyof typeof SORTS;

export interface TAccountFilter {
  followers: TFollowerRange;
  notExtracted: boolean;
  verifiedOnly: boolean;
  hidePrivate: boolean;
  sort: TSort;
}

export const DEFAULT_FILTER: TAccountFilter = {
  followers: 'any',
  notExtracted: false,
  verifiedOnly: false,
  hidePrivate: false,
  sort: 'list',
};

/**
 * The accounts a filter keeps, in the order it asks for. An account whose follower count the provider
 * did not give passes only "Any followers" (it cannot be said to be in a range); in a sort by
 * followers it goes last.
 */
export function filterAccounts(
  accounts: readonly TListedAccount[],
  filter: TAccountFilter,
): TListedAccount[] {
  const range = FOLLOWER_RANGES[filter.followers];
  const kept = accounts.filter((account) => {
    if (filter.notExtracted && account.extracted) return false;
    if (filter.verifiedOnly && !account.is_verified) return false;
    if (filter.hidePrivate && account.is_private) return false;
    if (filter.followers === 'any') return true;
    const followers = account.follower_count;
    return followers !== null && followers >= range.min && followers <= range.max;
  });
  if (filter.sort === 'list') return kept;
  const direction = filter.sort === 'followers-desc' ? -1 : 1;
  return kept.sort((a, b) => {
    if (a.follower_count === null || b.follower_count === null)
      return (a.follower_count === null ? 1 : 0) - (b.follower_count === null ? 1 : 0);
    return direction * (a.follower_count - b.follower_count);
  });
}

/**
 * What extracting these accounts may cost: one credit each at most, nothing for those already in
 * the database (the run skips them).
 */
export const maxCreditsOf = (accounts: readonly TListedAccount[]) =>
  accounts.filter((account) => !account.extracted).length;
