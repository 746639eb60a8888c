import type { TListedAccount } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER, filterAccounts, maxCreditsOf } from './filter-accounts.ts';

const account = (username: string, overrides: Partial<TListedAccount> = {}): TListedAccount => ({
  username,
  full_name: null,
  profile_pic_url: null,
  is_verified: false,
  is_private: false,
  follower_count: 500,
  category: null,
  extracted: false,
  ...overrides,
});

const ACCOUNTS = [
  account('small', { follower_count: 900 }),
  account('mid', { follower_count: 12_000, extracted: true }),
  account('big', { follower_count: 250_000, is_verified: true }),
  account('unknown', { follower_count: null }),
  account('edge', { follower_count: 10_000, is_private: true }),
];
const names = (accounts: TListedAccount[]) => accounts.map((a) => a.username);

describe('filterAccounts', () => {
  it('keeps everything in list order by default', () => {
    expect(names(filterAccounts(ACCOUNTS, DEFAULT_FILTER))).toEqual([
      'small',
      'mid',
      'big',
      'unknown',
      'edge',
    ]);
  });

  it('combines "not extracted yet" with a follower range, bounds included', () => {
    expect(
      names(filterAccounts(ACCOUNTS, { ...DEFAULT_FILTER, followers: '10k+', notExtracted: true })),
    ).toEqual(['big', 'edge']);
    expect(names(filterAccounts(ACCOUNTS, { ...DEFAULT_FILTER, followers: '10k-100k' }))).toEqual([
      'mid',
      'edge',
    ]);
    expect(names(filterAccounts(ACCOUNTS, { ...DEFAULT_FILTER, followers: 'under1k' }))).toEqual(['small']);
  });

  it('filters on the badges', () => {
    expect(names(filterAccounts(ACCOUNTS, { ...DEFAULT_FILTER, verifiedOnly: true }))).toEqual(['big']);
    expect(names(filterAccounts(ACCOUNTS, { ...DEFAULT_FILTER, hidePrivate: true }))).not.toContain('edge');
  });

  it('sorts by followers either way, unknown counts last, without touching the input', () => {
    const input = [...ACCOUNTS];
    expect(names(filterAccounts(input, { ...DEFAULT_FILTER, sort: 'followers-desc' }))).toEqual([
      'big',
      'mid',
      'edge',
      'small',
      'unknown',
    ]);
    expect(names(filterAccounts(input, { ...DEFAULT_FILTER, sort: 'followers-asc' }))).toEqual([
      'small',
      'edge',
      'mid',
      'big',
      'unknown',
    ]);
    expect(input).toEqual(ACCOUNTS);
  });
});

describe('maxCreditsOf', () => {
  it('counts a credit at most per account not yet extracted', () => {
    expect(maxCreditsOf(ACCOUNTS)).toBe(4);
    expect(maxCreditsOf([])).toBe(0);
  });
});
