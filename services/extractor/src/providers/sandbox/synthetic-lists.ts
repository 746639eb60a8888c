import type { TAccountListKind } from '@prospector/contracts';
import type { TAccountPage, TProviderListedAccount } from '../provider-port.ts';
import { seededRandom } from './seeded-random.ts';
import { keywordSlug, MAX_HANDLE } from './synthetic-graph.ts';
import { syntheticAccount } from './synthetic-profile.ts';
import { FIRST_NAMES, HANDLE_WORDS } from './synthetic-vocabulary.ts';

/** Entries (followers, or hashtag posts) one sandbox page covers, as a real API's page would. */
export const SANDBOX_LIST_PAGE_SIZE = 50;
/** The sandbox lists no further into a list than this, however many followers the account shows. */
export const SANDBOX_LIST_DEPTH = 10_000;
/** How far back a hashtag poster may post again (a repeat within this many posts). */
const REPEAT_WINDOW = 100;

const asHandle = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._]/g, '')
    .slice(0, MAX_HANDLE)
    .replace(/^[._]+|[._]+$/g, '');

/**
 * The `index`-th account of a list, the same on every call; the index in the handle keeps the
 * handles of one list apart, so a list never holds an account twice.
 */
function memberHandle(seed: string, index: number): string {
  const random = seededRandom(`${seed}:${index}`);
  const name = random.pick(FIRST_NAMES).toLowerCase();
  const word = random.pick(HANDLE_WORDS).replace(/\./g, '');
  const suffix = String(index);
  const body = [`${name}.${word}`, `${word}_${name}`, `${name}${word}`][random.int(0, 2)] as string;
  return asHandle(`${body.slice(0, MAX_HANDLE - suffix.length)}${suffix}`);
}

/** A listed account (or search result) as the sandbox shows it, or null for a handle that "does not exist". */
export function sandboxListedAccount(username: string): TProviderListedAccount | null {
  const account = syntheticAccount(username);
  if (!account) return null;
  const { profile } = account;
  return {
    username,
    full_name: profile.full_name,
    profile_pic_url: profile.profile_pic_url ?? null,
    is_verified: profile.is_verified ?? false,
    is_private: profile.is_private ?? false,
    follower_count: profile.follower_count,
    category: profile.category,
  };
}

/** The sandbox's cursors are the offset of the next page's first entry, written as a decimal. */
export function offsetOfCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const offset = Number(cursor);
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : 0;
}

const nextCursorOf = (offset: number, total: number) =>
  offset + SANDBOX_LIST_PAGE_SIZE < total ? String(offset + SANDBOX_LIST_PAGE_SIZE) : null;

/**
 * One page of an account's followers or following: as long as the profile's own count says (up to
 * SANDBOX_LIST_DEPTH), nothing for a private account, not found for an account that does not exist.
 */
function relationPage(kind: 'followers' | 'following', owner: string, cursor?: string | null): TAccountPage {
  const account = syntheticAccount(owner);
  if (!account) return { accounts: [], nextCursor: null, availability: 'not_found' };
  if (account.profile.is_private) return { accounts: [], nextCursor: null, availability: 'private' };
  const count = kind === 'followers' ? account.profile.follower_count : account.profile.following_count;
  const total = Math.min(count ?? 0, SANDBOX_LIST_DEPTH);
  const offset = offsetOfCursor(cursor);
  const accounts: TProviderListedAccount[] = [];
  for (let index = offset; index < Math.min(total, offset + SANDBOX_LIST_PAGE_SIZE); index += 1) {
    const listed = sandboxListedAccount(memberHandle(`${kind}:${owner}`, index));
    if (listed) accounts.push(listed);
  }
  return { accounts, nextCursor: nextCursorOf(offset, total), availability: 'listed' };
}

/** How many recent posts a hashtag has in the sandbox (none for a tag containing "notfound"). */
export function sandboxHashtagPostCount(tag: string): number {
  const slug = keywordSlug(tag);
  return slug.includes('notfound') ? 0 : seededRandom(`hashtag-size:${slug}`).int(30, 3_000);
}

/**
 * Who wrote each of a hashtag's posts, newest first: about a third of the posts come from someone who
 * posted under it shortly before, as real hashtags go.
 */
function hashtagPosters(tag: string, until: number): string[] {
  const slug = keywordSlug(tag);
  const posters: string[] = [];
  for (let post = 0; post < until; post += 1) {
    const random = seededRandom(`hashtag-post:${slug}:${post}`);
    if (post > 0 && random.chance(0.35)) {
      posters.push(posters[Math.max(0, post - random.int(1, REPEAT_WINDOW))] as string);
    } else {
      const word = random.pick(HANDLE_WORDS).replace(/\./g, '');
      posters.push(
        random.chance(0.4) ? asHandle(`${slug}.${word}${post}`) : memberHandle(`hashtag:${slug}`, post),
      );
    }
  }
  return posters;
}

/**
 * One page of a hashtag's recent posts, as the accounts that wrote them: newest first, each account
 * once — at its newest post, so an account a page showed never comes back on a later one.
 */
function hashtagPage(tag: string, cursor?: string | null): TAccountPage {
  const total = Math.min(sandboxHashtagPostCount(tag), SANDBOX_LIST_DEPTH);
  const offset = offsetOfCursor(cursor);
  const end = Math.min(total, offset + SANDBOX_LIST_PAGE_SIZE);
  const posters = hashtagPosters(tag, end);
  const seenBefore = new Set(posters.slice(0, offset));
  const accounts: TProviderListedAccount[] = [];
  for (const username of posters.slice(offset)) {
    if (seenBefore.has(username)) continue;
    seenBefore.add(username);
    const listed = sandboxListedAccount(username);
    if (listed) accounts.push(listed);
  }
  return { accounts, nextCursor: nextCursorOf(offset, total), availability: 'listed' };
}

/** The sandbox's answer to `listAccounts`, a pure function of its arguments. */
export function sandboxAccountPage(
  kind: TAccountListKind,
  target: string,
  cursor?: string | null,
): TAccountPage {
  return kind === 'hashtag' ? hashtagPage(target, cursor) : relationPage(kind, target, cursor);
}
