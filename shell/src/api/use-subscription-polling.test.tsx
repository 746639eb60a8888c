import { toast } from '@prospector/ui';
import {
  NOT_SUBSCRIBED,
  SESSION_QUERY_KEY,
  SUBSCRIPTION_CHECK_ERROR,
  SUBSCRIPTION_CHECK_FAILED,
  subscriptionAtom,
} from '@prospector/web-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, fakeSession } from '../testing/fake-api.ts';
import { useSubscriptionPolling } from './use-subscription-polling.ts';

const session = fakeSession(fakeProfile());
const ACTIVE = {
  subscribed: true,
  subscription_plan: 'package_2',
  subscription_end: '2026-05-01T00:00:00.000Z',
  cancel_at_period_end: false,
};

type TAnswer = () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch({ signedIn, subscription }: { signedIn: boolean; subscription: TAnswer }) {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/auth/get-session') return json(signedIn ? session : null);
    if (path === '/api/billing/subscription') return subscription();
    return json({});
  });
  vi.stubGlobal('fetch', mock);
  const checks = () =>
    mock.mock.calls.filter(([input]) => String(input).endsWith('/api/billing/subscription')).length;
  return {
    /** How many subscription checks were made once `ms` more have passed. */
    checksAfter: async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return checks();
    },
  };
}

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useSubscriptionPolling(), { wrapper });
  return { queryClient, ...view };
}

const store = getDefaultStore();

describe('useSubscriptionPolling (docs/product.md §4 subscription check timings)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    store.set(subscriptionAtom, NOT_SUBSCRIBED);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks on load when a session exists, then every 30 s once the last check is that old', async () => {
    const api = stubFetch({ signedIn: true, subscription: () => json(ACTIVE) });
    const view = mount();
    expect(await api.checksAfter(10)).toBe(1);
    expect(store.get(subscriptionAtom)).toMatchObject({ ...ACTIVE, lastChecked: expect.any(Number) });

    expect(await api.checksAfter(29_980)).toBe(1);
    expect(await api.checksAfter(30)).toBe(2);
    expect(await api.checksAfter(30_000)).toBe(3);
    view.unmount();
  });

  it('waits for a check made in between to turn 30 s old', async () => {
    const api = stubFetch({ signedIn: true, subscription: () => json(ACTIVE) });
    const view = mount();
    expect(await api.checksAfter(10_000)).toBe(1);
    // Another caller (Refresh Status) checks at 10 s: the 30 s poll moves to 40 s.
    store.set(subscriptionAtom, { ...store.get(subscriptionAtom), lastChecked: Date.now() });
    expect(await api.checksAfter(25_000)).toBe(1);
    expect(await api.checksAfter(5_100)).toBe(2);
    view.unmount();
  });

  it('checks 100 ms after a sign-in and resets to not subscribed on sign-out', async () => {
    const api = stubFetch({ signedIn: false, subscription: () => json(ACTIVE) });
    const view = mount();
    expect(await api.checksAfter(50)).toBe(0);

    view.queryClient.setQueryData(SESSION_QUERY_KEY, session);
    expect(await api.checksAfter(99)).toBe(0);
    expect(await api.checksAfter(5)).toBe(1);
    expect(store.get(subscriptionAtom).subscribed).toBe(true);

    view.queryClient.setQueryData(SESSION_QUERY_KEY, null);
    await vi.advanceTimersByTimeAsync(10);
    expect(store.get(subscriptionAtom)).toEqual(NOT_SUBSCRIBED);
    expect(await api.checksAfter(60_000)).toBe(1);
    view.unmount();
  });

  it('signs out when the check says the session expired', async () => {
    stubFetch({
      signedIn: true,
      subscription: () => json({ error: { code: 'UNAUTHENTICATED', message: 'Session expired' } }, 401),
    });
    const view = mount();
    await vi.advanceTimersByTimeAsync(10);
    expect(view.queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    view.unmount();
  });

  it('toasts "Subscription Check Failed" on an error answer and "Subscription Check Error" on an exception', async () => {
    const error = vi.spyOn(toast, 'error');
    stubFetch({
      signedIn: true,
      subscription: () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    const failing = mount();
    await vi.advanceTimersByTimeAsync(10);
    expect(error).toHaveBeenCalledWith(SUBSCRIPTION_CHECK_FAILED.title, {
      description: 'Unable to verify subscription status. Please refresh the page.',
    });
    failing.unmount();

    stubFetch({
      signedIn: true,
      subscription: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const throwing = mount();
    await vi.advanceTimersByTimeAsync(10);
    expect(error).toHaveBeenLastCalledWith(SUBSCRIPTION_CHECK_ERROR.title, {
      description: 'An unexpected error occurred while checking subscription status.',
    });
    throwing.unmount();
  });
});
