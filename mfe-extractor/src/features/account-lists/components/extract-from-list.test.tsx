import {
  ACCOUNT_ENDPOINTS,
  EXTRACTOR_PATHS,
  type TAccountListPage,
  type TListedAccount,
  type TProfile,
  type TProviderInfo,
} from '@prospector/contracts';
import { fakeProfile } from '@prospector/contracts/testing';
import { Toaster } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { ExtractFromList, listSizeOptions, type TListTab } from './extract-from-list.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SANDBOX: TProviderInfo = {
  provider: 'sandbox',
  sampleData: true,
  capabilities: { search: true, similar: true, followers: true, following: true, hashtag: true },
};
const GRAPH: TProviderInfo = {
  provider: 'graph',
  sampleData: false,
  capabilities: { search: false, similar: false, followers: false, following: false, hashtag: false },
};

const account = (index: number, overrides: Partial<TListedAccount> = {}): TListedAccount => ({
  username: `fan.${index}`,
  full_name: `Fan ${index}`,
  profile_pic_url: null,
  is_verified: false,
  is_private: false,
  follower_count: index * 1_000,
  category: index % 2 ? 'Bakery' : null,
  extracted: index % 5 === 0,
  ...overrides,
});

/** Three pages of 40 followers (fan.1 … fan.120). */
const pageAt = (cursor: string | null): TAccountListPage => {
  const offset = cursor ? Number(cursor) : 0;
  return {
    accounts: Array.from({ length: 40 }, (_, index) => account(offset + index + 1)),
    nextCursor: offset + 40 < 120 ? String(offset + 40) : null,
    private: false,
  };
};

function renderTab(
  tab: TListTab,
  list: (body: { kind: string; target: string; cursor: string | null }) => Response,
  provider: TProviderInfo = SANDBOX,
  profile: TProfile = fakeProfile(),
) {
  const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === EXTRACTOR_PATHS.provider) return json(provider);
    if (path === ACCOUNT_ENDPOINTS.profile.path) return json(profile);
    if (path === EXTRACTOR_PATHS.accountLists) return list(JSON.parse(String(init?.body)));
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', api);
  const onStartExtraction = vi.fn<TStartExtraction>(async () => {});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExtractFromList tab={tab} onStartExtraction={onStartExtraction} />
      <Toaster />
    </QueryClientProvider>,
  );
  const listCalls = () =>
    api.mock.calls
      .filter(([input]) => String(input).endsWith(EXTRACTOR_PATHS.accountLists))
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { onStartExtraction, listCalls };
}

const rows = () => within(screen.getByRole('list', { name: 'Accounts listed' })).getAllByRole('listitem');
/** How many accounts the list holds and shows (the rows in the page are only those in view). */
const shownOf = (shown: number, loaded: number) =>
  expect(screen.getByTestId('list-counts').textContent).toMatch(new RegExp(`^${shown} of ${loaded} shown`));

/** Types `username` in its box once the tab shows it, and lists the accounts. */
async function listAccountsOf(username: string) {
  fireEvent.change(await screen.findByLabelText('Instagram username'), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'List accounts' }));
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Followers and Hashtag sources', { timeout: 20_000 }, () => {
  it('loads pages one after the other up to the chosen size, then stops', async () => {
    const { listCalls } = renderTab('followers', (body) => json(pageAt(body.cursor)));
    await listAccountsOf('@bella.bakery');
    await waitFor(() => shownOf(100, 100));
    expect(screen.getByTestId('list-progress').textContent).toContain('100 loaded');
    // Virtualised: only the rows in view (and a few around) are in the page, each saying its place.
    expect(rows().length).toBeLessThan(100);
    expect(rows()[0]?.getAttribute('aria-setsize')).toBe('100');
    expect(rows()[1]?.getAttribute('aria-posinset')).toBe('2');
    expect(listCalls()).toEqual([
      { kind: 'followers', target: '@bella.bakery', cursor: null },
      { kind: 'followers', target: '@bella.bakery', cursor: '40' },
      { kind: 'followers', target: '@bella.bakery', cursor: '80' },
    ]);
    expect(within(rows()[0] as HTMLElement).getByText('1K followers')).toBeTruthy();
    expect(within(rows()[4] as HTMLElement).getByText('In database')).toBeTruthy();
  });

  it('filters "not extracted, 10k+", estimates the cost, and extracts the selection or all shown', async () => {
    const { onStartExtraction } = renderTab('followers', (body) => json(pageAt(body.cursor)));
    await listAccountsOf('bella.bakery');
    await waitFor(() => shownOf(100, 100));
    fireEvent.click(screen.getByLabelText('Not extracted yet'));
    // fan.1 … fan.100 minus every fifth: 80 not extracted.
    shownOf(80, 100);
    fireEvent.click(screen.getByLabelText('Select fan.11'));
    fireEvent.click(screen.getByLabelText('Select fan.12'));
    expect(screen.getByTestId('cost-estimate').textContent).toContain(
      'Up to 2 credits; you pay only for e-mails found.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Extract selected (2)' }));
    await waitFor(() =>
      expect(onStartExtraction).toHaveBeenCalledWith(['fan.11', 'fan.12'], 'followers', 'bella.bakery'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Extract all (80)' }));
    await waitFor(() => expect(onStartExtraction).toHaveBeenCalledTimes(2));
    expect(onStartExtraction.mock.calls[1]?.[0]).toHaveLength(80);
  });

  it('lists the following of an account when asked, and says when an account is private', async () => {
    const { listCalls } = renderTab('followers', () =>
      json({ accounts: [], nextCursor: null, private: true }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Following' }));
    fireEvent.change(screen.getByLabelText('Instagram username'), { target: { value: 'secret.garden' } });
    fireEvent.click(screen.getByRole('button', { name: 'List accounts' }));
    expect(await screen.findByText('@secret.garden is private')).toBeTruthy();
    expect(listCalls()[0]).toMatchObject({ kind: 'following' });
  });

  it('lists a hashtag, and shows a blank field and a refused tag next to the field', async () => {
    const { listCalls } = renderTab('hashtag', (body) =>
      body.target === '#no good'
        ? json({ error: { code: 'VALIDATION_FAILED', message: 'Please enter a valid hashtag' } }, 400)
        : json({ accounts: [account(1)], nextCursor: null, private: false }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'List accounts' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a hashtag');
    fireEvent.change(screen.getByLabelText('Hashtag'), { target: { value: '#no good' } });
    fireEvent.click(screen.getByRole('button', { name: 'List accounts' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter a valid hashtag'));
    fireEvent.change(screen.getByLabelText('Hashtag'), { target: { value: '#veganbakery' } });
    fireEvent.click(screen.getByRole('button', { name: 'List accounts' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('#veganbakery', { exact: false })).toBeTruthy();
    expect(listCalls().at(-1)).toEqual({ kind: 'hashtag', target: '#veganbakery', cursor: null });
  });

  it('keeps what was loaded when a later page fails, and loads it on "Try again"', async () => {
    let failing = true;
    renderTab('followers', (body) => {
      if (body.cursor === '40' && failing) {
        failing = false;
        return json(
          {
            error: {
              code: 'RATE_LIMITED',
              message: 'Too many searches. Please wait a minute and try again.',
            },
          },
          429,
        );
      }
      return json(pageAt(body.cursor));
    });
    await listAccountsOf('bella.bakery');
    expect(await screen.findByText('Too many searches. Please wait a minute and try again.')).toBeTruthy();
    shownOf(40, 40);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => shownOf(100, 100));
  });

  it('says why a provider cannot list, instead of offering the form', async () => {
    renderTab('hashtag', () => json(pageAt(null)), GRAPH);
    expect(
      await screen.findByText("Hashtag search isn't available with the current data provider."),
    ).toBeTruthy();
    expect(screen.getByText(/gives a hashtag’s posts without their authors/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'List accounts' })).toBeNull();
  });

  it('offers Followers but not Following when only followers can be listed, saying why', async () => {
    renderTab('followers', (body) => json(pageAt(body.cursor)), {
      provider: 'apify',
      sampleData: false,
      capabilities: { ...SANDBOX.capabilities, following: false },
    });
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveProperty('disabled', true);
    expect(following.getAttribute('title')).toBe('The Apify actor in use lists followers only.');
  });

  it('offers the list sizes of the plan: 5,000 on the top plan, up to 1,000 otherwise', async () => {
    const labels = (max: number) => listSizeOptions(max).map((option) => option.label);
    expect(labels(1_000)).toEqual(['Up to 100', 'Up to 250', 'Up to 500', 'Up to 1,000']);
    expect(labels(5_000)).toEqual(['Up to 100', 'Up to 250', 'Up to 500', 'Up to 1,000', 'Up to 5,000']);
    // The last list asked for was 5,000 long: the top plan keeps that size.
    const stored = { kind: 'followers', target: 'bella.bakery', limit: 5_000 };
    window.sessionStorage.setItem('prospector.extractor.list.followers', JSON.stringify(stored));
    const topPlan = fakeProfile({ subscriptionStatus: 'active', subscriptionPlan: 'package_3' });
    renderTab('followers', (body) => json(pageAt(body.cursor)), SANDBOX, topPlan);
    const size = await screen.findByRole('combobox', { name: 'How many' });
    await waitFor(() => expect(size.textContent).toBe('Up to 5,000'));
    expect(screen.queryByText(/come with the Enterprise plan/)).toBeNull();
  });

  it('brings a size the plan does not allow down to the largest it does, and says where more is', async () => {
    const stored = { kind: 'followers', target: 'bella.bakery', limit: 5_000 };
    window.sessionStorage.setItem('prospector.extractor.list.followers', JSON.stringify(stored));
    renderTab('followers', (body) => json(pageAt(body.cursor)));
    const size = await screen.findByRole('combobox', { name: 'How many' });
    await waitFor(() => expect(size.textContent).toBe('Up to 1,000'));
    expect(screen.getByText(/Lists of up to 5,000 come with the Enterprise plan\./)).toBeTruthy();
  });
});
