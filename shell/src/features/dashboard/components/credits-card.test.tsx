import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, stubApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const active = { subscriptionStatus: 'active', subscriptionPlan: 'package_2', trialExpired: true } as const;

async function showDashboard(profile: Parameters<typeof fakeProfile>[0], credits: number) {
  stubApi({ profile: fakeProfile(profile), credits });
  await renderApp('/dashboard');
  await screen.findByTestId('credits-balance');
}

const card = () =>
  within(
    screen.getByRole('heading', { name: 'Available Credits' }).closest('[data-slot="card"]') as HTMLElement,
  );
const upgradePlan = () => screen.queryByRole('link', { name: 'Upgrade Plan' });
const manageSubscription = () => screen.queryByRole('link', { name: 'Manage Subscription' });

describe('dashboard credits card (docs/product.md §2 Dashboard, §9)', () => {
  it('an active subscriber with 9 credits sees Upgrade Plan and Manage Subscription', async () => {
    await showDashboard(active, 9);
    expect(screen.getByTestId('credits-balance').textContent).toBe('9');
    expect(await card().findByText('Professional Plan')).toBeTruthy();
    expect(upgradePlan()?.getAttribute('href')).toBe('/dashboard/billing?tab=plans');
    expect(manageSubscription()?.getAttribute('href')).toBe('/dashboard/billing');
  });

  it('an active subscriber with 10 credits has no Upgrade Plan', async () => {
    await showDashboard(active, 10);
    expect(await screen.findByRole('link', { name: 'Manage Subscription' })).toBeTruthy();
    expect(upgradePlan()).toBeNull();
  });

  it('a trial user sees Upgrade Plan whatever the balance, and no Manage Subscription', async () => {
    await showDashboard({}, 25);
    expect(await card().findByText('Free Trial')).toBeTruthy();
    expect(upgradePlan()?.getAttribute('href')).toBe('/dashboard/billing?tab=plans');
    expect(manageSubscription()).toBeNull();
  });
});
