import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRemoteModuleId } from '../remotes/remote-modules.ts';
import { fakeProfile, stubApi } from '../testing/fake-api.ts';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

// Remote pages resolve to a stub naming the module, so each path shows which remote it loads.
vi.mock('../remotes/load-remote-page.ts', () => ({
  loadRemotePage: async (id: TRemoteModuleId) => ({ default: () => <p>remote page {id}</p> }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Awaited act(): React retries a suspended remote page only inside it, as a browser would by itself.
async function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(
    async () =>
      void render(
        <Providers>
          <RouterProvider router={router} />
        </Providers>,
      ),
  );
  return router;
}

const signedIn = (overrides: Parameters<typeof fakeProfile>[0] = {}) =>
  stubApi({ profile: fakeProfile(overrides) });

const REMOTE_ROUTES: [string, TRemoteModuleId][] = [
  ['/', 'marketing/LandingPage'],
  ['/terms', 'marketing/TermsPage'],
  ['/privacy-policy', 'marketing/PrivacyPolicyPage'],
  ['/pricing', 'billing/PricingPage'],
  ['/stripe/success', 'billing/PaymentSuccessPage'],
  ['/dashboard/instagram-info', 'extractor/InfoExtractorPage'],
  ['/dashboard/similar-accounts', 'extractor/SimilarAccountsPage'],
  ['/dashboard/instagram-database', 'database/DatabasePage'],
  ['/dashboard/lead-lists', 'database/LeadListsPage'],
  ['/dashboard/lead-lists/6f1c2a8e-5b7d-4e3f-9a1b-2c3d4e5f6a7b', 'database/LeadListsPage'],
  ['/dashboard/billing', 'billing/BillingPage'],
];

const SIGNED_IN_SCREENS: [string, string][] = [
  ['/auth/callback', 'Email Verified!'],
  ['/reset-password?token=abc', 'Set a new password'],
  ['/dashboard', 'Welcome to your dashboard'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/help', 'Help - Coming Soon'],
];

const REDIRECTS: [string, string][] = [
  ['/billing?tab=plans', '/dashboard/billing?tab=plans'],
  ['/instagram-info', '/dashboard/instagram-info'],
  ['/instagram-database', '/dashboard/instagram-database'],
];

describe('route table (docs/product.md §2), signed in', () => {
  it.each(REMOTE_ROUTES)('%s renders %s', async (path, id) => {
    signedIn();
    await renderAt(path);
    expect(await screen.findByText(`remote page ${id}`)).toBeTruthy();
  });

  it.each(SIGNED_IN_SCREENS)('%s renders the "%s" screen', async (path, heading) => {
    signedIn();
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it.each(REDIRECTS)('%s redirects to %s', async (path, target) => {
    signedIn();
    const router = await renderAt(path);
    await screen.findAllByText(/remote page/);
    const { pathname, search } = router.state.location;
    expect(pathname + search).toBe(target);
  });

  it('puts dashboard pages inside the frame: sidebar, search, credits, trial days and Upgrade', async () => {
    signedIn();
    await renderAt('/dashboard/instagram-database');
    await screen.findByText('remote page database/DatabasePage');
    expect(screen.getByText('v1.0.0')).toBeTruthy();
    expect(screen.getByPlaceholderText('Search tools...')).toBeTruthy();
    expect((await screen.findByTestId('credits-badge')).textContent).toBe('25 credits');
    expect(screen.getByText('15 days left')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Upgrade/ }).getAttribute('href')).toBe(
      '/dashboard/billing?tab=plans',
    );
    expect(screen.getByRole('button', { name: /account menu/i })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Sign In/ })).toBeNull();
    // The active tool is marked for assistive tech and highlighted.
    expect(screen.getByRole('link', { name: 'Instagram Database' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the plan label instead of trial days for subscribers', async () => {
    signedIn({ subscriptionStatus: 'active', subscriptionPlan: 'package_2', trialExpired: true });
    await renderAt('/dashboard/help');
    expect(await screen.findByText('Professional Plan')).toBeTruthy();
    expect(screen.queryByText(/days? left/)).toBeNull();
  });

  it.each(['/nope', '/auth/extra/deep'])('%s shows the 404 page', async (path) => {
    signedIn();
    await renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Return to Home/ }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it.each(['/dashboard/nope', '/dashboard/settings/extra/deep'])(
    '%s shows the 404 inside the app frame: sidebar and top bar stay',
    async (path) => {
      signedIn();
      await renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
      const main = screen.getByRole('main');
      expect(main.id).toBe('main');
      expect(main.contains(screen.getByRole('heading', { name: 'Oops! Page not found' }))).toBe(true);
      expect(screen.getByRole('link', { name: /Return to Home/ }).getAttribute('href')).toBe('/dashboard');
      expect(screen.getByPlaceholderText('Search tools...')).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    },
  );
});

describe('route guards (docs/product.md §2, §4, §6)', () => {
  it.each(['/dashboard', '/dashboard/settings', '/dashboard/instagram-info', '/pricing', '/onboarding'])(
    'signed out, %s goes to /auth',
    async (path) => {
      stubApi();
      const router = await renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Prospector' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/auth');
    },
  );

  it('signed in, /auth goes to /dashboard', async () => {
    signedIn();
    const router = await renderAt('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to your dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signed out, the reset page without a token goes to /auth', async () => {
    stubApi();
    const router = await renderAt('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Prospector' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('an expired trial without an active subscription sees the trial-expired screen', async () => {
    signedIn({ trialExpired: true, trialDaysLeft: 0 });
    await renderAt('/dashboard/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trial Period Expired' })).toBeTruthy();
    // The plan cards are the billing remote's; the shell keeps the heading and Contact Sales.
    expect(await screen.findByText('remote page billing/TrialExpiredPlans')).toBeTruthy();
    expect(screen.queryByText('remote page billing/BillingPage')).toBeNull();
    expect(screen.getByRole('link', { name: /Contact Sales/ }).getAttribute('href')).toBe(
      'mailto:support@prospector.app',
    );
  });

  it('a user who has not completed onboarding sees the wizard, also on /onboarding', async () => {
    signedIn({ onboardingCompleted: false });
    await renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'About your business' })).toBeTruthy();
    cleanup();
    await renderAt('/onboarding');
    expect(await screen.findByRole('heading', { level: 1, name: 'About your business' })).toBeTruthy();
  });

  it('/onboarding after completing it goes to the dashboard', async () => {
    signedIn();
    const router = await renderAt('/onboarding');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to your dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
