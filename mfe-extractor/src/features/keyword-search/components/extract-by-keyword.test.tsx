import { EXTRACTOR_PATHS, type TKeywordSearchUser, type TProviderInfo } from '@prospector/contracts';
import { Toaster } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { ExtractByKeyword } from './extract-by-keyword.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

const SANDBOX: TProviderInfo = {
  provider: 'sandbox',
  sampleData: true,
  capabilities: { search: true, similar: true, followers: true, following: true, hashtag: true },
};

const user = (username: string, overrides: Partial<TKeywordSearchUser> = {}): TKeywordSearchUser => ({
  username,
  profile_pic_url: `/api/extractor/avatars/${username}`,
  full_name: `${username} full`,
  is_verified: false,
  is_private: false,
  follower_count: null,
  category: null,
  ...overrides,
});

type TAnswers = { provider?: () => Response; search?: (body: unknown) => Response };

/** The tab against the extractor's provider and search endpoints answered from memory. */
function renderTab(answers: TAnswers, onStartExtraction: TStartExtraction = vi.fn(async () => {})) {
  const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === EXTRACTOR_PATHS.provider) return (answers.provider ?? (() => json(SANDBOX)))();
    if (path === EXTRACTOR_PATHS.search && answers.search)
      return answers.search(JSON.parse(String(init?.body)));
    return apiError(404, 'NOT_FOUND', 'Not found');
  });
  vi.stubGlobal('fetch', api);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ExtractByKeyword onStartExtraction={onStartExtraction} />
      <Toaster />
    </QueryClientProvider>,
  );
  const searchCalls = () =>
    api.mock.calls.filter(([input]) => String(input).endsWith(EXTRACTOR_PATHS.search));
  return { api, onStartExtraction, searchCalls };
}

const searchFor = (keyword: string) => {
  fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: keyword } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
};

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

// Several interactions per test on a shared, busy CPU: a slow run is not a failure (no timing is asserted).
describe('Extract by Keyword (docs/product.md §2 info extractor, §5 extraction)', { timeout: 20_000 }, () => {
  it('loads more pages until the provider has no more, keeping what was ticked', async () => {
    const { searchCalls } = renderTab({
      search: (body) => {
        const { cursor } = body as { cursor?: string };
        if (!cursor) return json({ users: [user('one'), user('two')], hidden: 1, nextCursor: '1' });
        if (cursor === '1') return json({ users: [user('two'), user('three')], hidden: 0, nextCursor: '2' });
        return json({ users: [user('four')], hidden: 2, nextCursor: null });
      },
    });
    searchFor('bakery');
    const list = await screen.findByRole('list', { name: 'Accounts found' });
    fireEvent.click(screen.getByLabelText('Select one'));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByTestId('hidden-note').textContent).toBe('3 already extracted accounts hidden');
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('one full');
    expect(screen.getByRole('button', { name: 'Start Extraction (1)' })).toBeTruthy();
    expect(searchCalls().map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { keyword: 'bakery' },
      { keyword: 'bakery', cursor: '1' },
      { keyword: 'bakery', cursor: '2' },
    ]);
  });

  it('after a page extracted whole: says which pages were skipped, counts every hidden account, and loads on', async () => {
    const { searchCalls, onStartExtraction } = renderTab({
      search: (body) => {
        const { cursor } = body as { cursor?: string };
        // The service passed over two pages of already-extracted accounts, then stopped at its bound.
        if (!cursor) return json({ users: [], hidden: 28 + 25, skippedPages: 2, nextCursor: '3' });
        return json({
          users: [user('next.one'), user('next.two', { is_verified: true }), user('next.three')],
          hidden: 25,
          skippedPages: 1,
          nextCursor: '5',
        });
      },
    });
    searchFor('coffee');
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.getByTestId('hidden-note').textContent).toBe('53 already extracted accounts hidden');
    expect(screen.getByTestId('skipped-pages-note').textContent).toBe(
      'Skipped 2 pages of already-extracted accounts',
    );
    // Nothing shown yet, and the provider has more: "Load more" is there all the same.
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const list = await screen.findByRole('list', { name: 'Accounts found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('hidden-note').textContent).toBe('78 already extracted accounts hidden');
    expect(screen.getByTestId('skipped-pages-note').textContent).toBe(
      'Skipped 3 pages of already-extracted accounts',
    );
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    expect(searchCalls().map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { keyword: 'coffee' },
      { keyword: 'coffee', cursor: '3' },
    ]);

    // "Extract all (n)" as the other lists have it: every account shown, after the filters.
    expect(screen.getByTestId('cost-estimate').textContent).toBe(
      'Extracting all shown: up to 3 credits; you pay only for e-mails found.',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verified only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Extract all (1)' }));
    await waitFor(() => expect(onStartExtraction).toHaveBeenCalledWith(['next.two'], 'keyword', 'coffee'));
  });

  it('notes one skipped page in the singular', async () => {
    renderTab({ search: () => json({ users: [user('a1')], hidden: 12, skippedPages: 1, nextCursor: null }) });
    searchFor('cats');
    expect((await screen.findByTestId('skipped-pages-note')).textContent).toBe(
      'Skipped 1 page of already-extracted accounts',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches, lists the accounts with their badges, and starts a run with the three picked', async () => {
    const users = [
      user('bakery.one', { is_verified: true, follower_count: 12_400, category: 'Bakery' }),
      user('bakery_two', { is_private: true }),
      user('bakery3'),
      user('bakery4'),
    ];
    const { onStartExtraction } = renderTab({
      search: (body) => {
        expect(body).toEqual({ keyword: 'vegan bakery' });
        return json({ users, hidden: 0 });
      },
    });
    searchFor('  vegan bakery ');
    const list = await screen.findByRole('list', { name: 'Accounts found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('@bakery.one')).toBeTruthy();
    // What lets the user judge an account before spending: reach and category.
    expect(within(first).getByText('bakery.one full · Bakery')).toBeTruthy();
    expect(within(first).getByText('12.4K followers')).toBeTruthy();
    expect(within(first).getByText('Verified')).toBeTruthy();
    expect(within(first).queryByText('Private')).toBeNull();
    expect(within(within(list).getAllByRole('listitem')[1] as HTMLElement).getByText('Private')).toBeTruthy();
    expect(screen.queryByTestId('hidden-note')).toBeNull();

    const start = screen.getByRole('button', { name: 'Start Extraction (0)' });
    expect(start.hasAttribute('disabled')).toBe(true);
    for (const name of ['bakery.one', 'bakery3', 'bakery4']) {
      fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Start Extraction (3)' }));
    await waitFor(() => expect(onStartExtraction).toHaveBeenCalledTimes(1));
    expect(onStartExtraction).toHaveBeenCalledWith(
      ['bakery.one', 'bakery3', 'bakery4'],
      'keyword',
      'vegan bakery',
    );
    // Started: the selection is cleared so the same accounts are not sent twice.
    expect(await screen.findByRole('button', { name: 'Start Extraction (0)' })).toBeTruthy();
  });

  it('Select All picks every account, and again clears them', async () => {
    const { onStartExtraction } = renderTab({
      search: () => json({ users: [user('a1'), user('a2')], hidden: 0 }),
    });
    searchFor('cats');
    const selectAll = await screen.findByRole('checkbox', { name: 'Select All' });
    fireEvent.click(selectAll);
    expect(screen.getByTestId('list-counts').textContent).toBe('2 of 2 shown · 2 selected');
    fireEvent.click(selectAll);
    expect(screen.getByRole('button', { name: 'Start Extraction (0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select a2' }));
    expect(selectAll.getAttribute('data-state')).toBe('indeterminate');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select a2' }));
    fireEvent.click(selectAll);
    fireEvent.click(screen.getByRole('button', { name: 'Start Extraction (2)' }));
    await waitFor(() => expect(onStartExtraction).toHaveBeenCalledWith(['a1', 'a2'], 'keyword', 'cats'));
  });

  it('keeps the selection when the run could not start', async () => {
    const onStart = vi.fn(async () => {
      throw new Error('Insufficient credits');
    });
    renderTab({ search: () => json({ users: [user('a1')], hidden: 0 }) }, onStart);
    searchFor('cats');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select a1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Extraction (1)' }));
    await waitFor(() => expect(onStart).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start Extraction (1)' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
  });

  it('notes how many already extracted accounts were hidden', async () => {
    renderTab({ search: () => json({ users: [user('a1')], hidden: 3 }) });
    searchFor('cats');
    expect((await screen.findByTestId('hidden-note')).textContent).toBe(
      '3 already extracted accounts hidden',
    );
  });

  it('notes the accounts left out after opt-outs apart from the already extracted ones', async () => {
    renderTab({ search: () => json({ users: [user('a1')], hidden: 3, optedOut: 1 }) });
    searchFor('cats');
    expect((await screen.findByTestId('hidden-note')).textContent).toBe(
      '2 already extracted accounts hidden',
    );
    expect(screen.getByTestId('opted-out-note').textContent).toBe(
      '1 account hidden: its owner asked not to be contacted',
    );
  });

  it('says "No results" when nothing matches, still noting hidden accounts', async () => {
    renderTab({ search: () => json({ users: [], hidden: 1 }) });
    searchFor('zzzz');
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.getByTestId('hidden-note').textContent).toBe('1 already extracted account hidden');
    expect(screen.queryByRole('button', { name: /Start Extraction/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Extract all/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByTestId('skipped-pages-note')).toBeNull();
  });

  it('a blank keyword says "Please enter a keyword" without calling the service', async () => {
    const { searchCalls } = renderTab({ search: () => json({ users: [], hidden: 0 }) });
    await screen.findByRole('button', { name: 'Search' });
    searchFor('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a keyword');
    expect(screen.getByLabelText('Keyword').getAttribute('aria-invalid')).toBe('true');
    expect(searchCalls()).toHaveLength(0);
  });

  it('shows a refused keyword (400) next to the field', async () => {
    renderTab({ search: () => apiError(400, 'VALIDATION', 'The keyword is too long') });
    searchFor('x'.repeat(150));
    expect((await screen.findByRole('alert')).textContent).toBe('The keyword is too long');
  });

  it.each([
    [502, 'Search failed', 'Failed to search for users'],
    [429, 'Search failed', 'Too many searches. Please wait a minute and try again.'],
    [501, 'Search failed', 'Keyword search is not available with this provider'],
  ])('HTTP %i → toast "%s" / "%s"', async (status, title, description) => {
    renderTab({
      search: () => apiError(status, 'X', status === 502 ? 'upstream said no' : description),
    });
    searchFor('cats');
    expect(await screen.findByText(title)).toBeTruthy();
    expect(await screen.findByText(description)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Accounts found' })).toBeNull();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 500', () => apiError(500, 'INTERNAL', 'boom')],
    ['an unreadable answer', () => json({ nope: true })],
  ])('%s → toast "Error during search"', async (_case, answer) => {
    renderTab({ search: answer as () => Response });
    searchFor('cats');
    expect(await screen.findByText('Error during search')).toBeTruthy();
    expect(screen.queryByText('Search failed')).toBeNull();
  });

  it('says keyword search is unavailable, with no form, when the provider cannot search', async () => {
    renderTab({
      provider: () =>
        json({ ...SANDBOX, provider: 'graph', capabilities: { search: false, similar: false } }),
    });
    expect(await screen.findByText("Keyword search isn't available")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    expect(screen.queryByLabelText('Keyword')).toBeNull();
  });

  it('shows initials when an avatar cannot be loaded', async () => {
    renderTab({ search: () => json({ users: [user('a1', { full_name: 'Ada Lovelace' })], hidden: 0 }) });
    searchFor('cats');
    const list = await screen.findByRole('list', { name: 'Accounts found' });
    const image = list.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('loading')).toBe('lazy');
    fireEvent.error(image);
    expect(within(list).getByTestId('avatar-initials').textContent).toBe('AL');
    expect(list.querySelector('img')).toBeNull();
  });

  it('keeps the results for the browser tab: leaving the page and coming back shows them', async () => {
    renderTab({ search: () => json({ users: [user('a1'), user('a2')], hidden: 1, nextCursor: null }) });
    searchFor('cats');
    await screen.findByRole('list', { name: 'Accounts found' });
    cleanup();
    // Back on the page: the same results, the keyword in its field, no new search.
    const { searchCalls } = renderTab({ search: () => json({ users: [], hidden: 0 }) });
    const list = await screen.findByRole('list', { name: 'Accounts found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('hidden-note').textContent).toBe('1 already extracted account hidden');
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('cats');
    expect(searchCalls()).toHaveLength(0);
  });
});
