import {
  EXTRACTOR_PATHS,
  type TListedAccount,
  type TProviderInfo,
  TRIAL_EXPIRED_MESSAGE,
} from '@prospector/contracts';
import { Toaster } from '@prospector/ui';
import { PROFILE_QUERY_KEY, SESSION_QUERY_KEY, type TSession } from '@prospector/web-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { SimilarAccountsPage } from './similar-accounts-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (status: number, message: string) => json({ error: { code: 'X', message } }, status);

const SANDBOX: TProviderInfo = {
  provider: 'sandbox',
  sampleData: true,
  capabilities: { search: true, similar: true, followers: true, following: true, hashtag: true },
};
const SESSION: TSession = {
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true },
  session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
};
const NAMES = ['natgeotravel', 'nasa', 'bbcearth'];
/** What the service answers of each: reach, category, badges, already in the database. */
const ACCOUNTS: TListedAccount[] = [
  {
    username: 'natgeotravel',
    full_name: 'Nat Geo Travel',
    profile_pic_url: null,
    is_verified: true,
    is_private: false,
    follower_count: 42_300_000,
    category: 'Media',
    extracted: false,
  },
  {
    username: 'nasa',
    full_name: 'NASA',
    profile_pic_url: null,
    is_verified: true,
    is_private: false,
    follower_count: 96_000_000,
    category: 'Government organization',
    extracted: true,
  },
  {
    username: 'bbcearth',
    full_name: null,
    profile_pic_url: null,
    is_verified: false,
    is_private: true,
    follower_count: 8_400,
    category: null,
    extracted: false,
  },
];

type TAnswers = { provider?: () => Response; similar?: (body: unknown) => Response | Promise<Response> };

/** The page, signed in, against the extractor's provider and similar endpoints answered from memory. */
function renderPage(answers: TAnswers, onStartExtraction?: TStartExtraction) {
  const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === EXTRACTOR_PATHS.provider) return (answers.provider ?? (() => json(SANDBOX)))();
    if (path === EXTRACTOR_PATHS.similar && answers.similar)
      return answers.similar(JSON.parse(String(init?.body)));
    return apiError(404, 'Not found');
  });
  vi.stubGlobal('fetch', api);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(SESSION_QUERY_KEY, SESSION);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SimilarAccountsPage onStartExtraction={onStartExtraction} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const similarCalls = () =>
    api.mock.calls.filter(([input]) => String(input).endsWith(EXTRACTOR_PATHS.similar));
  return { similarCalls, client };
}

const findFor = (username: string) => {
  fireEvent.change(screen.getByLabelText('Instagram username'), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'Find Similar Accounts' }));
};

const results = () => screen.findByRole('list', { name: 'Similar accounts' });

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText: spy } }));
  return spy;
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Several interactions per test on a shared, busy CPU: a slow run is not a failure (no timing is asserted).
describe('Similar Accounts page (docs/product.md §2, §5 "Similar accounts")', { timeout: 20_000 }, () => {
  it('an expired trial gets the service’s sentence, and the profile is read again for the paywall', async () => {
    const { client } = renderPage({
      similar: () => json({ error: { code: 'TRIAL_EXPIRED', message: TRIAL_EXPIRED_MESSAGE } }, 402),
    });
    client.setQueryData(PROFILE_QUERY_KEY, { trialExpired: false });
    findFor('natgeo');
    expect(await screen.findByText(TRIAL_EXPIRED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Could not find similar accounts')).toBeTruthy();
    await waitFor(() => expect(client.getQueryState(PROFILE_QUERY_KEY)?.isInvalidated).toBe(true));
  });

  it('a blank username says "Please enter an Instagram username" without calling the service', async () => {
    const { similarCalls } = renderPage({ similar: () => json({ accounts: [], total: 0 }) });
    findFor('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter an Instagram username');
    expect(similarCalls()).toHaveLength(0);
  });

  it('lists the similar accounts with the total, normalising what was typed', async () => {
    renderPage({
      similar: (body) => {
        expect(body).toEqual({ username: 'natgeo' });
        return json({ accounts: ACCOUNTS, total: 3 });
      },
    });
    findFor(' https://www.instagram.com/NatGeo/ ');
    const grid = await results();
    const items = within(grid).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^@/).textContent)).toEqual(
      NAMES.map((name) => `@${name}`),
    );
    // Judged before spending, as every discovery result: reach, category, badges, in the database.
    const [natgeo, nasa, bbc] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(natgeo).getByText('Nat Geo Travel · Media')).toBeTruthy();
    expect(within(natgeo).getByText('42.3M followers')).toBeTruthy();
    expect(within(natgeo).getByText('Verified')).toBeTruthy();
    expect(within(natgeo).queryByText('In database')).toBeNull();
    expect(within(nasa).getByText('In database')).toBeTruthy();
    expect(within(bbc).getByText('Private')).toBeTruthy();
    expect(within(bbc).getByText('8.4K followers')).toBeTruthy();
    expect(screen.getByTestId('similar-total').textContent).toBe('3 accounts found');
    expect(screen.getByRole('heading', { name: 'Accounts similar to @natgeo' })).toBeTruthy();
    expect(screen.getByText('Sample data')).toBeTruthy();
    expect(screen.queryByTestId('similar-hidden-note')).toBeNull();
  });

  it('notes how many accounts were left out because their owners opted out', async () => {
    renderPage({ similar: () => json({ accounts: ACCOUNTS, total: 3, hidden: 2 }) });
    findFor('natgeo');
    await results();
    expect(screen.getByTestId('similar-hidden-note').textContent).toBe(
      '2 accounts hidden: their owners asked not to be contacted',
    );
  });

  it('says "No results" when there are none, with nothing to download', async () => {
    renderPage({ similar: () => json({ accounts: [], total: 0, hidden: 1 }) });
    findFor('natgeo');
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.getByTestId('similar-hidden-note').textContent).toBe(
      '1 account hidden: its owner asked not to be contacted',
    );
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('copies a username: the icon ticks and is announced, then reverts after 2 s', async () => {
    const writeText = stubClipboard(async () => {});
    renderPage({ similar: () => json({ accounts: ACCOUNTS, total: 3 }) });
    findFor('natgeo');
    await results();
    vi.useFakeTimers();
    const button = screen.getByRole('button', { name: 'Copy nasa' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('nasa');
    expect(button.getAttribute('data-copied')).toBe('true');
    expect(screen.getByTestId('copy-announcement').textContent).toBe('Copied nasa to the clipboard');
    expect(screen.getByRole('button', { name: 'Copy bbcearth' }).getAttribute('data-copied')).toBeNull();
    act(() => vi.advanceTimersByTime(1_999));
    expect(button.getAttribute('data-copied')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(button.getAttribute('data-copied')).toBeNull();
    expect(screen.getByTestId('copy-announcement').textContent).toBe('');
  });

  it('a refused copy shows "Unable to copy to clipboard" and no tick', async () => {
    stubClipboard(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    renderPage({ similar: () => json({ accounts: ACCOUNTS, total: 3 }) });
    findFor('natgeo');
    await results();
    const button = screen.getByRole('button', { name: 'Copy nasa' });
    fireEvent.click(button);
    expect(await screen.findByText('Unable to copy to clipboard')).toBeTruthy();
    expect(button.getAttribute('data-copied')).toBeNull();
  });

  it('Download CSV saves the exact Username,Platform file with its BOM', async () => {
    let saved: Blob | undefined;
    // jsdom has no object URLs; these stand in for the test only.
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved = blob;
        return 'blob:similar';
      },
      revokeObjectURL: () => {},
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    renderPage({ similar: () => json({ accounts: ACCOUNTS, total: 3 }) });
    findFor('natgeo');
    await results();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(clicked).toEqual([{ href: 'blob:similar', download: 'similar-accounts-natgeo.csv' }]);
    const bytes = new Uint8Array(await (saved as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFUsername,Platform\nnatgeotravel,Instagram\nnasa,Instagram\nbbcearth,Instagram\n',
    );
  });

  it('extracts the selected accounts, or all of them, through the run-start callback', async () => {
    const onStart = vi.fn<TStartExtraction>(async () => {});
    renderPage({ similar: () => json({ accounts: ACCOUNTS, total: 3 }) }, onStart);
    findFor('natgeo');
    await results();
    expect(screen.getByRole('button', { name: 'Extract selected (0)' }).hasAttribute('disabled')).toBe(true);
    // The username is the checkbox's label: clicking the name ticks it.
    fireEvent.click(screen.getByText('@bbcearth'));
    expect(screen.getByRole('checkbox', { name: 'Select bbcearth' }).getAttribute('data-state')).toBe(
      'checked',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select natgeotravel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Extract selected (2)' }));
    await waitFor(() =>
      expect(onStart).toHaveBeenCalledWith(['natgeotravel', 'bbcearth'], 'similar', 'natgeo'),
    );
    expect(await screen.findByRole('button', { name: 'Extract selected (0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Extract all (3)' }));
    await waitFor(() => expect(onStart).toHaveBeenLastCalledWith(NAMES, 'similar', 'natgeo'));
  });

  it('filters "not extracted, 10k+", sorts by followers, and says what the selection may cost', async () => {
    renderPage(
      { similar: () => json({ accounts: ACCOUNTS, total: 3 }) },
      vi.fn<TStartExtraction>(async () => {}),
    );
    findFor('natgeo');
    const grid = await results();
    const names = () =>
      within(grid)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/^@/).textContent);
    // nasa is in the database: extracting all three may cost two credits.
    expect(screen.getByTestId('cost-estimate').textContent).toBe(
      'Extracting all shown: up to 2 credits; you pay only for e-mails found.',
    );
    fireEvent.click(screen.getByLabelText('Not extracted yet'));
    expect(names()).toEqual(['@natgeotravel', '@bbcearth']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select bbcearth' }));
    expect(screen.getByTestId('cost-estimate').textContent).toBe(
      'Up to 1 credit; you pay only for e-mails found.',
    );
    fireEvent.click(screen.getByLabelText('Not extracted yet'));
    expect(screen.getByTestId('list-counts').textContent).toBe('3 of 3 shown · 1 selected');
  });

  it('shows no extract actions where no run can be started', async () => {
    renderPage({ similar: () => json({ accounts: ACCOUNTS, total: 3 }) });
    findFor('natgeo');
    await results();
    expect(screen.queryByRole('button', { name: /Extract/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Select / })).toBeNull();
    expect(screen.queryByTestId('cost-estimate')).toBeNull();
    // Still judged: the filters and the details stay.
    expect(screen.getByLabelText('Not extracted yet')).toBeTruthy();
  });

  it.each([
    [429, 'Too many searches. Please wait a minute and try again.'],
    [502, 'The data provider did not answer. Please try again in a moment.'],
  ])('HTTP %i → a toast saying why', async (status, description) => {
    renderPage({ similar: () => apiError(status, status === 429 ? description : 'upstream detail') });
    findFor('natgeo');
    expect(await screen.findByText('Could not find similar accounts')).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.queryByText('upstream detail')).toBeNull();
  });

  it('a network failure → toast "Error during search"', async () => {
    renderPage({ similar: () => Promise.reject(new TypeError('Failed to fetch')) });
    findFor('natgeo');
    expect(await screen.findByText('Error during search')).toBeTruthy();
  });

  it('says similar accounts are unavailable, with no form, when the provider cannot look them up', async () => {
    renderPage({
      provider: () =>
        json({
          ...SANDBOX,
          provider: 'graph',
          sampleData: false,
          capabilities: { search: false, similar: false },
        }),
    });
    expect(await screen.findByText("Similar accounts aren't available")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Find Similar Accounts' })).toBeNull();
  });

  it('keeps the results for the browser tab: leaving the page and coming back shows them', async () => {
    renderPage({ similar: () => json({ accounts: ACCOUNTS, total: 3 }) });
    findFor('natgeo');
    await results();
    cleanup();
    const { similarCalls } = renderPage({ similar: () => json({ accounts: [], total: 0 }) });
    const grid = await results();
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Accounts similar to @natgeo' })).toBeTruthy();
    expect(similarCalls()).toHaveLength(0);
  });
});
