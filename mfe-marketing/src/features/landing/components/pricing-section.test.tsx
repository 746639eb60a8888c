import { PLAN_OFFERS } from '@prospector/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PricingSection } from './pricing-section.tsx';

const PROMO_TEXT = '20% OFF - Limited Time!';

function servePlans(promo: { endsAt: string; percentOff: number } | null) {
  const api = vi.fn(async (input: RequestInfo | URL) =>
    new URL(String(input), 'http://localhost').pathname === '/api/marketing/plans'
      ? Response.json({ plans: PLAN_OFFERS, promo })
      : Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
  );
  vi.stubGlobal('fetch', api);
  return api;
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PricingSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Lets the plans request (its parser is loaded on first use) and React's updates finish (real
 * macrotasks; only the clock is fake).
 */
async function settle() {
  for (let turn = 0; turn < 10; turn += 1) {
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

const struckPrices = () => [...document.querySelectorAll('s')].map((price) => price.textContent);

describe('PricingSection: the promo (docs/product.md §2)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the promo while the countdown runs and drops it the moment it ends', async () => {
    // 23:59:59 in UTC, written with another zone: the same instant.
    vi.setSystemTime(new Date('2025-08-16T23:00:00.000Z'));
    const api = servePlans({ endsAt: '2025-08-17T01:59:59+02:00', percentOff: 20 });
    renderSection();
    await settle();

    const plansCalls = api.mock.calls.filter(
      ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/marketing/plans',
    );
    expect(plansCalls).toHaveLength(1);
    expect(screen.getByText(PROMO_TEXT)).toBeTruthy();
    expect(struckPrices()).toEqual(['was $56', 'was $104', 'was $188']);
    expect(screen.getByText('$47')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(59 * 60_000 + 58_999));
    expect(screen.getByText(PROMO_TEXT)).toBeTruthy();
    expect(struckPrices()).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText(PROMO_TEXT)).toBeNull();
    expect(struckPrices()).toEqual([]);
    expect(screen.queryByText('$56')).toBeNull();
    expect(screen.getByText('$47')).toBeTruthy();
    expect(screen.getByText('$87')).toBeTruthy();
    expect(screen.getByText('$157')).toBeTruthy();
    // The free trial card stays as it was.
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toBeTruthy();
  });

  it('shows only the plain prices after the promo', async () => {
    vi.setSystemTime(new Date('2025-09-01T00:00:00.000Z'));
    servePlans(null);
    renderSection();
    await settle();
    expect(screen.getByRole('button', { name: 'Choose Enterprise' })).toBeTruthy();
    expect(screen.queryByText(PROMO_TEXT)).toBeNull();
    expect(struckPrices()).toEqual([]);
    expect(screen.getByText('$157')).toBeTruthy();
  });
});

describe('PricingSection: who chooses a plan (docs/product.md §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const SESSION = {
    user: { id: 'user-1', email: 'ada@example.com', name: 'Ada', emailVerified: true },
    session: { id: 'session-1', expiresAt: '2099-01-01T00:00:00.000Z' },
  };
  const subscription = (subscribed: boolean) => ({
    subscribed,
    subscription_plan: subscribed ? 'package_1' : 'none',
    subscription_end: subscribed ? '2099-01-01T00:00:00.000Z' : null,
    cancel_at_period_end: false,
  });

  function renderAs(session: unknown, subscribed = false) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/marketing/plans') return Response.json({ plans: PLAN_OFFERS, promo: null });
        if (path === '/api/auth/get-session') return Response.json(session);
        if (path === '/api/billing/subscription') return Response.json(subscription(subscribed));
        return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '*', element: <PricingSection /> }], {
      initialEntries: ['/'],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it.each([
    ['a visitor', null, false, '/auth', { selectedPlan: 'professional' }],
    ['a signed-in user on trial', SESSION, false, '/pricing', { selectedPlan: 'professional' }],
    ['a subscriber', SESSION, true, '/dashboard/settings', null],
  ])('%s goes on to the right place', async (_who, session, subscribed, pathname, state) => {
    const router = renderAs(session, subscribed);
    const choose = await screen.findByRole('button', { name: 'Choose Professional' });
    // The session answer arrives with the plans; wait until it is known before choosing.
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe(
        session ? '/dashboard' : '/auth',
      ),
    );
    fireEvent.click(choose);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.state ?? null).toEqual(state);
  });
});
