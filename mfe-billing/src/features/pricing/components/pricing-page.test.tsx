import { fakeProfile as fakeTrialProfile } from '@prospector/contracts/testing';
import { fetchPlansView } from '@prospector/web-data';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, plansView, renderAt, stubApi } from '../../../testing/render-remote.tsx';
import { PricingPage } from './pricing-page.tsx';

const PROMO = { endsAt: '2025-08-16T23:59:59.000Z', percentOff: 20 };
const PROMO_TEXT = '20% OFF - Limited Time!';

/** The struck-through prices, in card order. */
const struckPrices = () => [...document.querySelectorAll('s')].map((price) => price.textContent);

/**
 * Lets the plans request and React's updates finish (real macrotasks; only the clock is fake): at
 * least ten turns, then until the grid stops loading. The grid parses its answer with a schema it
 * imports on first use, which on a cold module cache takes longer than a few turns; the real-time
 * cap (performance.now is not faked) keeps a grid that never loads from hanging the test.
 */
async function settle() {
  const loading = () => document.querySelector('[aria-busy="true"]') !== null;
  const giveUpAt = performance.now() + 5_000;
  for (let turn = 0; turn < 10 || (loading() && performance.now() < giveUpAt); turn += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

describe('PricingPage: the promo (docs/product.md §2)', () => {
  // The grid loads its request code on first use; loaded under fake timers, the module loader's own
  // timers would wait for the test's clock. One request here, before the clock is faked, loads it.
  beforeAll(async () => {
    stubApi({ '/api/marketing/plans': plansView(null) });
    await fetchPlansView();
    vi.unstubAllGlobals();
  });
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the promo until the countdown ends, then only the plain prices, without a reload', async () => {
    vi.setSystemTime(new Date('2025-08-16T23:59:49.000Z'));
    stubApi({
      '/api/marketing/plans': plansView(PROMO),
      '/api/account/profile': () => json(fakeTrialProfile()),
    });
    renderAt('/pricing', '/pricing', <PricingPage />);
    await settle();

    expect(screen.getByText(PROMO_TEXT)).toBeTruthy();
    expect(struckPrices()).toEqual(['was $56', 'was $104', 'was $188']);
    expect(screen.getByText('$47')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(screen.getByText(PROMO_TEXT)).toBeTruthy();
    expect(struckPrices()).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText(PROMO_TEXT)).toBeNull();
    expect(struckPrices()).toEqual([]);
    expect(screen.queryByText('$56')).toBeNull();
    expect(screen.getByText('$47')).toBeTruthy();
    expect(screen.getByText('$87')).toBeTruthy();
    expect(screen.getByText('$157')).toBeTruthy();
  });

  it('shows only the plain prices when the service serves no promo', async () => {
    stubApi({ '/api/marketing/plans': plansView(null) });
    renderAt('/pricing', '/pricing', <PricingPage />);
    await settle();
    expect(screen.getByRole('button', { name: 'Choose Professional' })).toBeTruthy();
    expect(screen.queryByText(PROMO_TEXT)).toBeNull();
    expect(struckPrices()).toEqual([]);
  });

  it('offers to try again when the plans cannot be loaded', async () => {
    const api = stubApi({
      '/api/marketing/plans': () => json({ error: { code: 'INTERNAL', message: 'down' } }, 500),
    });
    renderAt('/pricing', '/pricing', <PricingPage />);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('The plans could not be loaded.');

    api.mockImplementation(async () => plansView(null)());
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Choose/ })).toHaveLength(3);
  });
});

describe('PricingPage: the plan chosen before (router state selectedPlan)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The cards marked as the current choice, by their plan heading. */
  const markedPlans = () =>
    [...document.querySelectorAll('[aria-current="true"]')].map(
      (card) => card.querySelector('h3')?.textContent,
    );

  it('marks the chosen plan, and only it, for sight and for screen readers', async () => {
    stubApi({ '/api/marketing/plans': plansView(null) });
    renderAt({ pathname: '/pricing', state: { selectedPlan: 'enterprise' } }, '/pricing', <PricingPage />);
    await settle();
    expect(markedPlans()).toEqual(['Enterprise']);
  });

  it('marks none without a choice, or with one that names no plan', async () => {
    stubApi({ '/api/marketing/plans': plansView(null) });
    renderAt({ pathname: '/pricing', state: { selectedPlan: 'platinum' } }, '/pricing', <PricingPage />);
    await settle();
    expect(screen.getAllByRole('button', { name: /^Choose/ })).toHaveLength(3);
    expect(markedPlans()).toEqual([]);
  });

  it('says a cancelled checkout charged nothing', async () => {
    stubApi({ '/api/marketing/plans': plansView(null) });
    renderAt('/pricing?checkout=cancelled', '/pricing', <PricingPage />);
    await settle();
    expect(screen.getByTestId('checkout-cancelled').textContent).toBe(
      'Payment cancelled — nothing was charged.',
    );
  });
});
