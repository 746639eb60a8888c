import { ACCOUNT_EVENTS_PATH, ACCOUNT_LIVE_EVENTS, type TCreditBalance } from '@prospector/contracts';
import { fakeProfile } from '@prospector/contracts/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountEvents } from './account-events.ts';
import { CREDITS_QUERY_KEY, PROFILE_QUERY_KEY } from './account-queries.ts';
import { FakeEventSource } from './testing.ts';

const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;
const creditEvent = (balance: number, available: number) => ({
  id: 'evt-1',
  type: 'credits.granted',
  occurredAt: '2026-04-01T09:30:00.000Z',
  data: { amount: 10_000, balance, available, reason: 'plan_grant', reference: null },
});

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(PROFILE_QUERY_KEY, fakeProfile());
  queryClient.setQueryData<TCreditBalance>(CREDITS_QUERY_KEY, {
    balance: 25,
    available: 25,
    held: 0,
    updatedAt: null,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useAccountEvents(true), { wrapper });
  const stale = () => ({
    profile: queryClient.getQueryState(PROFILE_QUERY_KEY)?.isInvalidated,
    credits: queryClient.getQueryState(CREDITS_QUERY_KEY)?.isInvalidated,
  });
  return { queryClient, stale, ...view };
}

describe('useAccountEvents (docs/product.md §4 "Realtime")', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the stream with the session cookie and applies profile and credit events to the cache', () => {
    const { queryClient, stale } = mount();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe(ACCOUNT_EVENTS_PATH);
    expect(latest().init).toEqual({ withCredentials: true });
    latest().open();

    const upgraded = fakeProfile({ subscriptionStatus: 'active', subscriptionPlan: 'package_2' });
    latest().send(ACCOUNT_LIVE_EVENTS.profile, upgraded);
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(upgraded);

    latest().send(ACCOUNT_LIVE_EVENTS.credits, creditEvent(10_025, 10_020));
    expect(queryClient.getQueryData(CREDITS_QUERY_KEY)).toEqual({
      balance: 10_025,
      available: 10_020,
      held: 5,
      updatedAt: '2026-04-01T09:30:00.000Z',
    });
    // The first open is not a reconnect: nothing to catch up on.
    expect(stale()).toEqual({ profile: false, credits: false });
  });

  it('ignores a malformed profile and refetches the balance on a credit event it cannot read', () => {
    const { queryClient, stale } = mount();
    latest().open();
    latest().send(ACCOUNT_LIVE_EVENTS.profile, '{not json');
    latest().send(ACCOUNT_LIVE_EVENTS.profile, { userId: 'user-1' });
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(fakeProfile());
    latest().send(ACCOUNT_LIVE_EVENTS.credits, {
      id: 'evt-2',
      type: 'credits.held',
      occurredAt: 'x',
      data: {},
    });
    expect(stale()).toEqual({ profile: false, credits: true });
  });

  it('after a drop the browser retries by itself; once back, it catches up on what it missed', () => {
    const { stale } = mount();
    latest().open();
    latest().fail({ closed: false });
    vi.advanceTimersByTime(10_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(stale()).toEqual({ profile: false, credits: false });

    latest().open();
    expect(stale()).toEqual({ profile: true, credits: true });
  });

  it('after the server closes the stream, it reconnects 5 s later and catches up', () => {
    const { queryClient, stale } = mount();
    latest().open();
    latest().fail({ closed: true });
    vi.advanceTimersByTime(4_900);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(FakeEventSource.instances).toHaveLength(2);

    latest().open();
    expect(stale()).toEqual({ profile: true, credits: true });
    latest().send(ACCOUNT_LIVE_EVENTS.credits, creditEvent(40, 40));
    expect(queryClient.getQueryData<TCreditBalance>(CREDITS_QUERY_KEY)?.available).toBe(40);
  });

  it('closes the stream and stops reconnecting on unmount (sign-out)', () => {
    const { unmount } = mount();
    const first = latest();
    first.open();
    first.fail({ closed: true });
    unmount();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
  });
});
