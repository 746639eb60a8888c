import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { Toaster } from '@prospector/ui';
import { NOT_SUBSCRIBED, subscriptionAtom } from '@prospector/web-data';
import { fireEvent, screen, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PricingPage from '../../../exposes/pricing-page.ts';
import {
  fakeProfile,
  json,
  plansView,
  renderAt,
  stubApi,
  type TRoutes,
} from '../../../testing/render-remote.tsx';
import { BillingPage } from './billing-page.tsx';

const store = getDefaultStore();
const failure = () => json({ error: { code: 'INTERNAL', message: 'provider down' } }, 502);

function stubBilling(profile = fakeProfile(), routes: TRoutes = {}) {
  return stubApi({
    '/api/account/profile': () => json(profile),
    '/api/billing/credits': () => json({ balance: 40, available: 40, held: 0, updatedAt: null }),
    '/api/billing/credits/history': () => json({ items: [], page: 1, pageSize: 25, total: 0 }),
    '/api/marketing/plans': plansView(),
    ...routes,
  });
}

const showBilling = (url = '/dashboard/billing') =>
  renderAt(
    url,
    '/dashboard/billing',
    <>
      <BillingPage />
      <Toaster />
    </>,
  );

describe('billing failures (docs/product.md §8 "Subscription management", "Checkout")', () => {
  beforeEach(() => store.set(subscriptionAtom, NOT_SUBSCRIBED));
  afterEach(() => vi.unstubAllGlobals());

  it('a failed cancel shows "Cancellation Error" and keeps the plan active', async () => {
    stubBilling(fakeProfile(), { [BILLING_ENDPOINTS.cancel.path]: failure });
    showBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Cancellation Error')).toBeTruthy();
    expect(screen.getByText('Failed to cancel subscription. Please try again.')).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
  });

  it('a refused reactivation (success: false) shows "Reactivation Error"', async () => {
    stubBilling(fakeProfile({ cancelAtPeriodEnd: true }), {
      [BILLING_ENDPOINTS.reactivate.path]: () =>
        json({ success: false, message: 'Not reactivated', error: 'The period has ended' }),
    });
    showBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText('Reactivation Error')).toBeTruthy();
    expect(screen.getByText('Failed to reactivate subscription. Please try again.')).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled');
  });

  it('a failed Refresh Status shows "Refresh Failed" only, not the check toasts', async () => {
    stubBilling(fakeProfile(), { [BILLING_ENDPOINTS.subscription.path]: failure });
    showBilling();
    await screen.findByTestId('current-plan');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Status' }));
    expect(await screen.findByText('Refresh Failed')).toBeTruthy();
    expect(screen.getByText('Failed to refresh subscription status. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Subscription Check Failed')).toBeNull();
  });

  it('a failed checkout from Change Plan shows "Error creating checkout session" and stays', async () => {
    const api = stubBilling(fakeProfile(), { [BILLING_ENDPOINTS.checkout.path]: failure });
    showBilling('/dashboard/billing?tab=plans');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Enterprise' }));
    // A subscriber is told what the change does before paying; nothing is asked of billing yet.
    const explanation = await screen.findByTestId('plan-change-explanation');
    expect(explanation.textContent).toContain('no refund and no proration');
    expect(api.mock.calls.some(([url]) => String(url) === BILLING_ENDPOINTS.checkout.path)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Error creating checkout session')).toBeTruthy();
    expect(screen.getByText('Failed to create checkout session.')).toBeTruthy();
    const [, init] = api.mock.calls.find(([url]) => String(url) === BILLING_ENDPOINTS.checkout.path) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ planId: 'package_3' });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/billing?tab=plans');
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: 'Choose Enterprise' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('a failed checkout from /pricing shows "Error creating checkout session" and stays', async () => {
    stubBilling(fakeProfile({ subscriptionStatus: 'trial', subscriptionPlan: 'none' }), {
      [BILLING_ENDPOINTS.checkout.path]: failure,
    });
    renderAt(
      '/pricing',
      '/pricing',
      <>
        <PricingPage />
        <Toaster />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    expect(await screen.findByText('Error creating checkout session')).toBeTruthy();
    expect(screen.getByText('Failed to create checkout session.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/pricing');
  });

  it('a subscriber buys a credit pack: told what it is before paying; a failed checkout says so and stays', async () => {
    const api = stubBilling(fakeProfile(), { [BILLING_ENDPOINTS.topUp.path]: failure });
    showBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 1,000 credits' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'One payment of $19.00: your plan and its renewal stay as they are. The 1,000 credits are added once, as soon as the payment goes through, and do not expire.',
    );
    expect(api.mock.calls.some(([url]) => String(url) === BILLING_ENDPOINTS.topUp.path)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Error creating checkout session')).toBeTruthy();
    const [, init] = api.mock.calls.find(([url]) => String(url) === BILLING_ENDPOINTS.topUp.path) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ packId: 'credits_1000' });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/billing');
  });

  it('a trial user is not offered a credit pack', async () => {
    stubBilling(fakeProfile({ subscriptionStatus: 'trial', subscriptionPlan: 'none' }));
    showBilling();
    await screen.findByTestId('current-plan');
    expect(screen.queryByRole('button', { name: 'Buy 1,000 credits' })).toBeNull();
  });

  it('/pricing for a subscriber: the own plan is disabled, another is explained before paying', async () => {
    const api = stubBilling(fakeProfile({ subscriptionPlan: 'package_1' }));
    renderAt('/pricing', '/pricing', <PricingPage />);
    const own = await screen.findByRole('button', { name: 'Current Plan' });
    expect((own as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Professional' }));
    const explanation = await screen.findByTestId('plan-change-explanation');
    expect(explanation.textContent).toContain(
      'Your Starter Plan ends as soon as you pay: it is cancelled at once, with no refund and no proration',
    );
    expect(explanation.textContent).toContain('Your 40 remaining credits stay yours');
    expect(explanation.textContent).toContain('The Professional Plan starts today at $87.00 a month');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(api.mock.calls.some(([url]) => String(url) === BILLING_ENDPOINTS.checkout.path)).toBe(false);
  });
});
