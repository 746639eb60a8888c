import { PLAN_OFFERS } from '@prospector/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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

/** Lets the plans request and React's updates finish (real macrotasks; only the clock is fake). */
async function settle() {
  for (let turn = 0; turn < 10; turn += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

const struckPrices = () => [...document.querySelectorAll('s')].map((price) => price.textContent);

describe('PricingSection: the promo (spec §2)', () => {
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

    expect(api).toHaveBeenCalledTimes(1);
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
