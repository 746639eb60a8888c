import { PLAN_OFFERS, type TProfile, type TPromo } from '@prospector/contracts';
import { fakeProfile as fakeTrialProfile } from '@prospector/contracts/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type TRoutes = Record<string, (init?: RequestInit) => Response>;

/** Answers the listed API paths from memory; anything else is a 404. Returns the mock. */
export function stubApi(routes: TRoutes) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const answer = routes[path];
    return answer ? answer(init) : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export { json };

/** `GET /api/marketing/plans` as the marketing service answers it: the plan table, with or without the promo. */
export const plansView =
  (promo: TPromo | null = null) =>
  () =>
    json({ plans: PLAN_OFFERS, promo });

/** The profile of an active Professional subscriber; override what a test needs. */
export const fakeProfile = (overrides: Partial<TProfile> = {}): TProfile =>
  fakeTrialProfile({
    subscriptionStatus: 'active',
    subscriptionPlan: 'package_2',
    subscriptionEndDate: '2026-05-01T00:00:00.000Z',
    trialDaysLeft: 0,
    ...overrides,
  });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Mounts a page at `url` in a memory router with a fresh query cache, and shows the current location.
 * `otherRoutes` mounts more elements by path, e.g. a probe where the page navigates to.
 */
export function renderAt(
  url: string | { pathname: string; state?: unknown },
  path: string,
  page: ReactNode,
  otherRoutes: Record<string, ReactNode> = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          {Object.entries(otherRoutes).map(([otherPath, element]) => (
            <Route key={otherPath} path={otherPath} element={element} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}
