/** The Database page's filters (spec §2). Empty strings mean "no limit" for the ranges. */
export type TExtractionFilters = {
  search: string;
  email: 'all' | 'with' | 'without';
  verified: 'all' | 'verified' | 'not-verified';
  privacy: 'all' | 'public' | 'private';
  followersMin: string;
  followersMax: string;
  followingMin: string;
  followingMax: string;
  mediaMin: string;
  mediaMax: string;
  categories: string[];
  bioKeywords: string;
};

export const DEFAULT_FILTERS: TExtractionFilters = {
  search: '',
  email: 'all',
  verified: 'all',
  privacy: 'all',
  followersMin: '',
  followersMax: '',
  followingMin: '',
  followingMax: '',
  mediaMin: '',
  mediaMax: '',
  categories: [],
  bioKeywords: '',
};
