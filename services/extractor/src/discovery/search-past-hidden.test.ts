import { MAX_SKIPPED_SEARCH_PAGES } from '@prospector/contracts';
import { describe, expect, it, vi } from 'vitest';
import { searchPastHidden, type TSearchPastHiddenSteps } from './search-past-hidden.ts';

/** A provider of `pages` pages of three accounts each (`p<page>a<n>`); the cursor is the next page's number. */
function stepsOver(pages: number, hidden: (username: string) => boolean, overrides = {}) {
  const asked: Array<string | null> = [];
  const steps: TSearchPastHiddenSteps<string> = {
    fetchPage: async (cursor) => {
      asked.push(cursor);
      const page = cursor === null ? 0 : Number(cursor);
      return {
        users: [0, 1, 2].map((index) => `p${page}a${index}`),
        nextCursor: page + 1 < pages ? String(page + 1) : null,
      };
    },
    sortPage: async (users) => {
      const visible = users.filter((user) => !hidden(user));
      return { visible, hidden: users.length - visible.length, optedOut: 0 };
    },
    mayFetchAnother: () => true,
    onSkipFailed: vi.fn(),
    ...overrides,
  };
  return { steps, asked };
}

describe('searchPastHidden (docs/product.md §2: every keyword page reachable)', () => {
  it('answers the first page as it is when anything on it is shown', async () => {
    const { steps, asked } = stepsOver(3, (user) => user === 'p0a1');
    expect(await searchPastHidden(null, steps)).toEqual({
      users: ['p0a0', 'p0a2'],
      hidden: 1,
      optedOut: 0,
      skippedPages: 0,
      nextCursor: '1',
    });
    expect(asked).toEqual([null]);
  });

  it(`passes over at most ${MAX_SKIPPED_SEARCH_PAGES} wholly hidden pages, then answers the cursor after them`, async () => {
    const { steps, asked } = stepsOver(20, () => true);
    const result = await searchPastHidden('2', steps);
    expect(result).toEqual({
      users: [],
      hidden: 3 * (MAX_SKIPPED_SEARCH_PAGES + 1),
      optedOut: 0,
      skippedPages: MAX_SKIPPED_SEARCH_PAGES,
      nextCursor: String(2 + MAX_SKIPPED_SEARCH_PAGES + 1),
    });
    expect(asked).toHaveLength(MAX_SKIPPED_SEARCH_PAGES + 1);
  });

  it('stops before a later page that fails, so "Load more" asks for it again', async () => {
    const { steps } = stepsOver(5, (user) => user.startsWith('p0'));
    const fetchPage = steps.fetchPage;
    const onSkipFailed = vi.fn();
    const result = await searchPastHidden(null, {
      ...steps,
      onSkipFailed,
      fetchPage: async (cursor) => {
        if (cursor === '1') throw new Error('upstream 503');
        return fetchPage(cursor);
      },
    });
    expect(result).toEqual({ users: [], hidden: 3, optedOut: 0, skippedPages: 0, nextCursor: '1' });
    expect(onSkipFailed).toHaveBeenCalledWith(new Error('upstream 503'));
  });

  it('lets a failure of the first page through to the caller', async () => {
    const { steps } = stepsOver(2, () => false, {
      fetchPage: async () => {
        throw new Error('upstream down');
      },
    });
    await expect(searchPastHidden(null, steps)).rejects.toThrow('upstream down');
  });

  it('passes over an empty provider page without calling it a page of hidden accounts', async () => {
    const { steps } = stepsOver(3, () => false);
    const fetchPage = steps.fetchPage;
    const result = await searchPastHidden(null, {
      ...steps,
      fetchPage: async (cursor) => (cursor === null ? { users: [], nextCursor: '1' } : fetchPage(cursor)),
    });
    expect(result).toMatchObject({ users: ['p1a0', 'p1a1', 'p1a2'], skippedPages: 0, nextCursor: '2' });
  });
});
