import { USERNAME_PATTERN } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import type { TAccountPage } from '../provider-port.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import {
  SANDBOX_LIST_DEPTH,
  SANDBOX_LIST_PAGE_SIZE,
  sandboxAccountPage,
  sandboxHashtagPostCount,
} from './synthetic-lists.ts';
import { syntheticAccount } from './synthetic-profile.ts';

/** Every page of a list, following the cursors to the end. */
function walk(kind: 'followers' | 'following' | 'hashtag', target: string) {
  const pages: TAccountPage[] = [];
  let cursor: string | null = null;
  do {
    const page = sandboxAccountPage(kind, target, cursor);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return pages;
}

/** A public sandbox account whose follower count lies in [min, max]. */
function publicOwner(min: number, max: number): string {
  for (let index = 0; ; index += 1) {
    const username = `list.owner${index}`;
    const profile = syntheticAccount(username)?.profile;
    const followers = profile?.follower_count ?? 0;
    if (profile && !profile.is_private && followers >= min && followers <= max) return username;
  }
}

describe('sandbox followers and following', () => {
  it('pages through as many followers as the profile shows, each one once, the same every time', () => {
    const owner = publicOwner(400, 900);
    const followers = syntheticAccount(owner)?.profile.follower_count as number;
    const pages = walk('followers', owner);
    expect(pages).toHaveLength(Math.ceil(followers / SANDBOX_LIST_PAGE_SIZE));
    const usernames = pages.flatMap((page) => page.accounts.map((account) => account.username));
    expect(new Set(usernames).size).toBe(usernames.length);
    // About 5% of generated handles "do not exist" and are left out, as a real list skips deleted accounts.
    expect(usernames.length).toBeGreaterThan(followers * 0.85);
    expect(usernames.length).toBeLessThanOrEqual(followers);
    for (const username of usernames) expect(username).toMatch(USERNAME_PATTERN);
    expect(walk('followers', owner)).toEqual(pages);
  });

  it('shows what lets a marketer judge an account: reach, category, badges', () => {
    const [page] = walk('followers', publicOwner(400, 900));
    const accounts = page?.accounts ?? [];
    expect(accounts.some((account) => account.is_private)).toBe(true);
    expect(accounts.some((account) => account.category !== null)).toBe(true);
    expect(accounts.every((account) => typeof account.follower_count === 'number')).toBe(true);
    const sample = accounts[0];
    expect(sample?.follower_count).toBe(syntheticAccount(sample?.username ?? '')?.profile.follower_count);
  });

  it('keeps following apart from followers, and stops a huge list at its depth', () => {
    const owner = publicOwner(50_000, 10_000_000);
    expect(sandboxAccountPage('following', owner).accounts).not.toEqual(
      sandboxAccountPage('followers', owner).accounts,
    );
    const last = sandboxAccountPage('followers', owner, String(SANDBOX_LIST_DEPTH - SANDBOX_LIST_PAGE_SIZE));
    expect(last.accounts.length).toBeGreaterThan(0);
    expect(last.nextCursor).toBeNull();
  });

  it('lists nothing of a private account, and says so; nothing of one that does not exist', () => {
    expect(sandboxAccountPage('followers', 'very.private.person')).toEqual({
      accounts: [],
      nextCursor: null,
      availability: 'private',
    });
    expect(sandboxAccountPage('following', 'notfound.anyone').availability).toBe('not_found');
  });
});

describe('sandbox hashtag posters', () => {
  it('lists each poster once across all pages, newest first, the same every time', () => {
    const pages = walk('hashtag', 'veganbakery');
    const posts = sandboxHashtagPostCount('veganbakery');
    expect(pages).toHaveLength(Math.ceil(posts / SANDBOX_LIST_PAGE_SIZE));
    const usernames = pages.flatMap((page) => page.accounts.map((account) => account.username));
    expect(new Set(usernames).size).toBe(usernames.length);
    // About a third of the posts come from someone who posted just before: fewer posters than posts.
    expect(usernames.length).toBeLessThan(posts * 0.8);
    expect(walk('hashtag', 'veganbakery')).toEqual(pages);
  });

  it('has no posts under a tag containing "notfound"', () => {
    expect(sandboxAccountPage('hashtag', 'notfoundtag')).toEqual({
      accounts: [],
      nextCursor: null,
      availability: 'listed',
    });
  });

  it('is served by the sandbox provider, one simulated call a page', async () => {
    const provider = createSandboxProvider({ latencyMs: 0, errorRate: 0 });
    const page = await provider.listAccounts('hashtag', 'veganbakery');
    expect(page).toEqual(sandboxAccountPage('hashtag', 'veganbakery'));
    expect(provider.capabilities).toMatchObject({ followers: true, following: true, hashtag: true });
  });
});
