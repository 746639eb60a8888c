import { seededRandom } from './seeded-random.ts';
import { sandboxAccountExists, topicOf } from './synthetic-profile.ts';
import { HANDLE_WORDS } from './synthetic-vocabulary.ts';

export const MAX_HANDLE = 30;

/** A keyword as a handle fragment: lower-case letters and digits, at most 18 of them. */
export function keywordSlug(keyword: string): string {
  const slug = keyword
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 18);
  return slug || 'insta';
}

/** Handles plausibly tied to a slug: `slug.daily`, `the.slug.club`, `slug_by.anna`, `slug42`, … */
function candidateHandles(slug: string, seed: string): string[] {
  const random = seededRandom(seed);
  const handles: string[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; handles.length < 80 && attempt < 400; attempt += 1) {
    const word = random.pick(HANDLE_WORDS);
    const shape = random.int(0, 5);
    const handle = [
      `${slug}.${word}`,
      `the.${slug}.${word}`,
      `${word}_${slug}`,
      `${slug}${random.int(1, 999)}`,
      `${slug}_${word}`,
      `my${slug}${word.replace(/\./g, '')}`,
    ][shape]?.slice(0, MAX_HANDLE);
    if (!handle || seen.has(handle)) continue;
    seen.add(handle);
    handles.push(handle.replace(/[._]+$/, ''));
  }
  return handles;
}

/**
 * The accounts a keyword finds: 10–50 existing handles built around the keyword, the same list for the
 * same keyword forever.
 */
export function searchSandboxAccounts(keyword: string): string[] {
  const slug = keywordSlug(keyword);
  const count = seededRandom(`search-size:${slug}`).int(10, 50);
  return candidateHandles(slug, `search:${slug}`).filter(sandboxAccountExists).slice(0, count);
}

/**
 * Accounts similar to one: drawn from its topic's community (the search results of the topic's
 * words), so two accounts of one topic share many neighbours. Empty for an account that does not exist.
 */
export function similarSandboxAccounts(username: string): string[] {
  if (!sandboxAccountExists(username)) return [];
  const topic = topicOf(username);
  const community = [...new Set(topic.words.flatMap((word) => searchSandboxAccounts(word)))].filter(
    (handle) => handle !== username,
  );
  const random = seededRandom(`similar:${username}`);
  const count = random.int(8, 24);
  // A seeded partial shuffle: each account sees its own slice of the shared community.
  const pool = [...community];
  for (let index = 0; index < Math.min(count, pool.length); index += 1) {
    const swap = index + Math.floor(random.next() * (pool.length - index));
    [pool[index], pool[swap]] = [pool[swap] as string, pool[index] as string];
  }
  return pool.slice(0, count);
}

/** Accounts on each page of a sandbox search after the first. */
export const SANDBOX_SEARCH_MORE_PAGE_SIZE = 25;

/** How many pages a keyword's search has after the first (1–4; none when the first finds nobody). */
export function sandboxSearchMorePages(keyword: string): number {
  if (searchSandboxAccounts(keyword).length === 0) return 0;
  return seededRandom(`search-more-pages:${keywordSlug(keyword)}`).int(1, 4);
}

/**
 * Page `page` (1-based, after the first) of a keyword's search: further existing handles around the
 * keyword, the page number in each, so no page repeats another or the first one. The first page
 * stays `searchSandboxAccounts`, so what demos and similar accounts show does not change.
 */
export function moreSandboxSearchAccounts(keyword: string, page: number): string[] {
  if (page < 1 || page > sandboxSearchMorePages(keyword)) return [];
  const slug = keywordSlug(keyword).slice(0, 14);
  const random = seededRandom(`search-more:${slug}:${page}`);
  const handles: string[] = [];
  for (let index = 0; handles.length < SANDBOX_SEARCH_MORE_PAGE_SIZE && index < 200; index += 1) {
    const word = random.pick(HANDLE_WORDS).replace(/\./g, '').slice(0, 8);
    const handle = `${slug}.${word}.p${page}n${index}`.slice(0, MAX_HANDLE);
    if (sandboxAccountExists(handle)) handles.push(handle);
  }
  return handles;
}
