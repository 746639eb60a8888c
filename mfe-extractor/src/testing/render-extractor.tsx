import type { TExtractionData, TProviderInfo, TRun, TRunDetail, TRunItem } from '@prospector/contracts';
import { fakeProfile } from '@prospector/contracts/testing';
import { Toaster } from '@prospector/ui';
import { FakeEventSource } from '@prospector/web-data/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import InfoExtractorPage from '../exposes/info-extractor-page.tsx';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

export { FakeEventSource };

/** The page's one events stream. */
export const eventStream = () => {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('no EventSource was opened');
  return source;
};

/**
 * Plays one server-sent event and lets React render what it changed (the query cache tells its
 * observers on the next macrotask, so this waits one). With real timers only.
 */
export async function serverSends(type: 'run' | 'item', data: unknown) {
  await act(async () => {
    eventStream().send(type, data);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

let sequence = 0;
const uuid = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

export function fakeRun(overrides: Partial<TRun> = {}): TRun {
  return {
    id: uuid(),
    source: 'batch',
    sourceDetail: null,
    firstUsernames: [],
    status: 'running',
    total: 3,
    processed: 0,
    emailsFound: 0,
    emailsUndeliverable: 0,
    errors: 0,
    creditsUsed: 0,
    skipped: [],
    inOtherRuns: [],
    currentUsername: null,
    cancelRequested: false,
    websites: true,
    createdAt: '2026-11-23T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

export function fakeExtraction(username: string, overrides: Partial<TExtractionData> = {}): TExtractionData {
  return {
    username,
    full_name: `${username} full name`,
    follower_count: 1200,
    following_count: 300,
    media_count: 45,
    is_verified: false,
    is_private: false,
    category: 'Bakery',
    country: 'Italy',
    date_joined: null,
    external_url: null,
    public_email: `${username}@example.com`,
    biography: `Bio of ${username}`,
    ...overrides,
  };
}

export function fakeItem(username: string, overrides: Partial<TRunItem> = {}): TRunItem {
  return {
    id: uuid(),
    username,
    status: 'done',
    outcome: 'email_found',
    message: null,
    creditsUsed: 1,
    profile: fakeExtraction(username),
    emailCheck: {
      status: 'deliverable',
      code: 'accepts_mail',
      reason: 'the domain has a mail server',
      role: false,
      checkedAt: '2026-11-23T10:01:00.000Z',
    },
    emailCheckPending: false,
    finishedAt: '2026-11-23T10:01:00.000Z',
    ...overrides,
  };
}

export const runDetail = (run: TRun, items: TRunItem[]): TRunDetail => ({ ...run, items });

type THandler = (request: { body: unknown; url: URL }) => Response | Promise<Response>;

export type TFakeExtractorApi = {
  credits?: number;
  runs?: TRun[];
  details?: TRunDetail[];
  provider?: Partial<TProviderInfo>;
  /** More answers, keyed `METHOD /path`; they win over the defaults. */
  routes?: Record<string, THandler>;
};

/**
 * Answers the API the page calls from memory (signed in as a trial user); anything else is a 404.
 * Returns the fetch mock, so a test can see what was sent.
 */
export function stubExtractorApi({
  credits = 100,
  runs = [],
  details = [],
  provider,
  routes = {},
}: TFakeExtractorApi = {}) {
  const answers: Record<string, THandler> = {
    'GET /api/auth/get-session': () =>
      json({
        user: { id: 'user-1', email: 'ada@example.com', name: 'Ada', emailVerified: true },
        session: { id: 'session-1', expiresAt: '2027-01-01T00:00:00.000Z' },
      }),
    'GET /api/account/profile': () => json(fakeProfile()),
    'GET /api/billing/credits': () =>
      json({ balance: credits, available: credits, held: 0, updatedAt: null }),
    'GET /api/extractor/runs': () => json({ runs }),
    'GET /api/extractor/provider': () =>
      json({
        provider: 'sandbox',
        sampleData: false,
        capabilities: { search: true, similar: true },
        ...provider,
      }),
    ...Object.fromEntries(
      details.map((detail) => [`GET /api/extractor/runs/${detail.id}`, () => json(detail)] as const),
    ),
    ...routes,
  };
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return answer ? answer({ body, url }) : apiError(404, 'NOT_FOUND', 'Not found');
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** `stubExtractorApi` with `run` as the only run, holding `items`. */
export const stubApiWithRun = (
  run: TRun,
  items: TRunItem[],
  api: Omit<TFakeExtractorApi, 'runs' | 'details'> = {},
) => stubExtractorApi({ ...api, runs: [run], details: [runDetail(run, items)] });

/** The requests the page sent to `METHOD /path`, with their JSON bodies. */
export function sent(mock: ReturnType<typeof stubExtractorApi>, method: string, path: string): unknown[] {
  return mock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Mounts the info extractor page at `url` with a fresh query cache, the toaster and EventSource stubbed. */
export function renderExtractorPage(url = '/dashboard/instagram-info') {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/dashboard/instagram-info" element={<InfoExtractorPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

/** Queries inside the notifications area only (a message can also be on the page, e.g. in the results). */
export const toasts = () => within(screen.getByRole('region', { name: /^Notifications/ }));
