import type { TExtractionRow } from '@prospector/contracts';
import { Toaster } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type TApiCall = { method: string; url: URL; body: unknown };
type TAnswer = (call: TApiCall) => Response | Promise<Response>;

/**
 * Answers `METHOD /path` (or `/path` for GET) from memory, with the session of a signed-in user;
 * anything else is a 404. Every call is recorded in `calls`.
 */
export function stubApi(routes: Record<string, TAnswer>) {
  const calls: TApiCall[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    if (url.pathname === '/api/auth/get-session') {
      return json({
        user: { id: 'ada', email: 'ada@example.com', name: 'Ada', emailVerified: true },
        session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
      });
    }
    const answer =
      routes[`${method} ${url.pathname}`] ?? (method === 'GET' ? routes[url.pathname] : undefined);
    return answer ? answer(call) : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', mock);
  return { mock, calls };
}

/** One table row; override what a test needs. */
export const row = (username: string, overrides: Partial<TExtractionRow> = {}): TExtractionRow => ({
  id: crypto.randomUUID(),
  username,
  fullName: `${username} Full`,
  email: `${username}@example.com`,
  followerCount: 1200,
  followingCount: 30,
  mediaCount: 12,
  isVerified: false,
  isPrivate: false,
  category: 'Art',
  biography: `Bio of ${username}`,
  emailStatus: 'deliverable',
  emailRole: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  refreshedAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2027-03-01T10:00:00.000Z',
  ...overrides,
});

export const page = (items: TExtractionRow[], overrides: { page?: number; total?: number } = {}) => {
  const total = overrides.total ?? items.length;
  return {
    items,
    page: overrides.page ?? 1,
    pageSize: 25,
    total,
    totalPages: Math.max(1, Math.ceil(total / 25)),
    retentionMonths: 12,
  };
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

/** Mounts `element` at `url` with a fresh query cache, a toaster and a probe showing the URL's query. */
export function renderPage(url: string, element: ReactNode, routePath = '/dashboard/instagram-database') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={routePath} element={element} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}
