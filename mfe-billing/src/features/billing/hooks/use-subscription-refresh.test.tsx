import { NOT_SUBSCRIBED, subscriptionAtom } from '@prospector/web-data';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, json, renderAt, stubApi } from '../../../testing/render-remote.tsx';
import { BillingPage } from '../components/billing-page.tsx';

const store = getDefaultStore();
const ACTIVE_CHECK = {
  subscribed: true,
  subscription_plan: 'package_2',
  subscription_end: '2026-05-01T00:00:00.000Z',
  cancel_at_period_end: false,
} as const;

function stubBilling(profile = fakeProfile()) {
  const api = stubApi({
    '/api/account/profile': () => json(profile),
    '/api/billing/credits': () => json({ balance: 40, available: 40, held: 0, updatedAt: null }),
    '/api/billing/credits/history': () => json({ items: [], page: 1, pageSize: 25, total: 0 }),
    '/api/billing/subscription': () => json(ACTIVE_CHECK),
  });
  return {
    checks: () => api.mock.calls.filter(([url]) => String(url).endsWith('/api/billing/subscription')).length,
    profileLoads: () => api.mock.calls.filter(([url]) => String(url).endsWith('/api/account/profile')).length,
  };
}

describe('billing page sync (docs/product.md §4: 1 s after profile and session disagree)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    store.set(subscriptionAtom, NOT_SUBSCRIBED);
  });

  it.each([
    ['the cancel flag', { ...ACTIVE_CHECK, cancel_at_period_end: true }],
    ['the status', { ...ACTIVE_CHECK, subscribed: false, subscription_plan: 'none' }],
  ] as const)('re-checks 1 s after they disagree on %s, not before', async (_, lastCheck) => {
    store.set(subscriptionAtom, { ...lastCheck, lastChecked: Date.now() });
    const api = stubBilling();
    renderAt('/dashboard/billing', '/dashboard/billing', <BillingPage />);
    // The profile arrives within the first few fake milliseconds; the 1 s counts from then.
    await vi.advanceTimersByTimeAsync(10);
    expect(api.profileLoads()).toBe(1);
    await vi.advanceTimersByTimeAsync(980);
    expect(api.checks()).toBe(0);
    await vi.advanceTimersByTimeAsync(40);
    expect(api.checks()).toBe(1);
    expect(api.profileLoads()).toBe(2);
    expect(store.get(subscriptionAtom)).toMatchObject(ACTIVE_CHECK);

    // Agreeing now, nothing more is checked.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.checks()).toBe(1);
  });

  it('does nothing while they agree', async () => {
    store.set(subscriptionAtom, { ...ACTIVE_CHECK, lastChecked: Date.now() });
    const api = stubBilling();
    renderAt('/dashboard/billing', '/dashboard/billing', <BillingPage />);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.profileLoads()).toBe(1);
    expect(api.checks()).toBe(0);
  });
});
