import { NOT_SUBSCRIBED, subscriptionAtom } from '@prospector/web-data';
import { screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, json, renderAt, stubApi } from '../../../testing/render-remote.tsx';
import { PaymentSuccessPage } from './payment-success-page.tsx';

const ACTIVE = {
  subscribed: true,
  subscription_plan: 'package_2',
  subscription_end: '2026-05-01T00:00:00.000Z',
  cancel_at_period_end: false,
};

const location = () => screen.getByTestId('location').textContent;

/** Lets `ms` pass, then the check's fetch and parsing finish (real macrotasks; only the clock is fake). */
async function settleAfter(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('PaymentSuccessPage (docs/product.md §2, §9: 1 s + 2 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    getDefaultStore().set(subscriptionAtom, NOT_SUBSCRIBED);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('processes, checks after 1 s, shows "Payment Successful!", then goes to /onboarding 2 s later', async () => {
    const api = stubApi({ '/api/billing/subscription': () => json(ACTIVE) });
    renderAt('/stripe/success?session_id=cs_1', '/stripe/success', <PaymentSuccessPage />);
    expect(screen.getByRole('heading', { name: 'Processing your subscription...' })).toBeTruthy();

    await vi.advanceTimersByTimeAsync(999);
    expect(api).not.toHaveBeenCalled();
    await settleAfter(1);
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(getDefaultStore().get(subscriptionAtom)).toMatchObject(ACTIVE);

    await settleAfter(1_990);
    expect(location()).toBe('/stripe/success?session_id=cs_1');
    await settleAfter(10);
    expect(location()).toBe('/onboarding');
  });

  it('takes a user whose onboarding is done straight to /dashboard, not through /onboarding', async () => {
    const api = stubApi({
      '/api/billing/subscription': () => json(ACTIVE),
      '/api/account/profile': () => json(fakeProfile({ onboardingCompleted: true })),
    });
    renderAt('/stripe/success?session_id=cs_1', '/stripe/success', <PaymentSuccessPage />);
    await settleAfter(1_000);
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText(/^Your subscription is active/).textContent).toBe(
      'Your subscription is active. Taking you to your dashboard…',
    );
    await settleAfter(1_990);
    expect(location()).toBe('/stripe/success?session_id=cs_1');
    await settleAfter(10);
    expect(location()).toBe('/dashboard');
    const asked = api.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);
    expect(asked).toEqual(['/api/billing/subscription', '/api/account/profile']);
  });

  it('a user still to onboard goes to /onboarding', async () => {
    stubApi({
      '/api/billing/subscription': () => json(ACTIVE),
      '/api/account/profile': () => json(fakeProfile({ onboardingCompleted: false })),
    });
    renderAt('/stripe/success', '/stripe/success', <PaymentSuccessPage />);
    await settleAfter(1_000);
    expect(screen.getByText(/^Your subscription is active/).textContent).toBe(
      'Your subscription is active. Taking you to your setup…',
    );
    await settleAfter(2_000);
    expect(location()).toBe('/onboarding');
  });

  it('goes to /dashboard 2 s after a failed check', async () => {
    stubApi({ '/api/billing/subscription': () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500) });
    renderAt('/stripe/success', '/stripe/success', <PaymentSuccessPage />);
    await settleAfter(1_000);
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).toBeNull();
    await settleAfter(1_990);
    expect(location()).toBe('/stripe/success');
    await settleAfter(10);
    expect(location()).toBe('/dashboard');
  });
});
