import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRemoteModuleId } from '../remotes/remote-modules.ts';
import { routes } from './routes.tsx';

// Remote pages resolve to a stub naming the module, so each path shows which remote it loads.
vi.mock('../remotes/load-remote-page.ts', () => ({
  loadRemotePage: async (id: TRemoteModuleId) => ({ default: () => <p>remote page {id}</p> }),
}));

afterEach(cleanup);

// Awaited act(): React retries a suspended remote page only inside it, as a browser would by itself.
async function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(async () => void render(<RouterProvider router={router} />));
  return router;
}

const REMOTE_ROUTES: [string, TRemoteModuleId][] = [
  ['/', 'marketing/LandingPage'],
  ['/terms', 'marketing/TermsPage'],
  ['/privacy-policy', 'marketing/PrivacyPolicyPage'],
  ['/pricing', 'billing/PricingPage'],
  ['/stripe/success', 'billing/PaymentSuccessPage'],
  ['/dashboard/instagram-info', 'extractor/InfoExtractorPage'],
  ['/dashboard/similar-accounts', 'extractor/SimilarAccountsPage'],
  ['/dashboard/instagram-database', 'database/DatabasePage'],
  ['/dashboard/billing', 'billing/BillingPage'],
];

const SHELL_ROUTES: [string, string][] = [
  ['/auth', 'Welcome to Prospector'],
  ['/auth/callback', 'Verifying your account'],
  ['/reset-password', 'Set a new password'],
  ['/onboarding', 'About your business'],
  ['/dashboard', 'Welcome to your dashboard'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/help', 'Help - Coming Soon'],
];

const REDIRECTS: [string, string][] = [
  ['/billing?tab=plans', '/dashboard/billing?tab=plans'],
  ['/instagram-info', '/dashboard/instagram-info'],
  ['/instagram-database', '/dashboard/instagram-database'],
];

describe('route table (spec §2)', () => {
  it.each(REMOTE_ROUTES)('%s renders %s', async (path, id) => {
    await renderAt(path);
    expect(await screen.findByText(`remote page ${id}`)).toBeTruthy();
  });

  it.each(SHELL_ROUTES)('%s renders the "%s" screen', async (path, heading) => {
    await renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it.each(REDIRECTS)('%s redirects to %s', async (path, target) => {
    const router = await renderAt(path);
    await screen.findAllByText(/remote page/);
    const { pathname, search } = router.state.location;
    expect(pathname + search).toBe(target);
  });

  it('puts dashboard pages inside the frame: sidebar, search and Upgrade', async () => {
    await renderAt('/dashboard/instagram-database');
    await screen.findByText('remote page database/DatabasePage');
    expect(screen.getByText('v1.0.0')).toBeTruthy();
    expect(screen.getByPlaceholderText('Search tools...')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Upgrade/ }).getAttribute('href')).toBe(
      '/dashboard/billing?tab=plans',
    );
    expect(screen.getByRole('link', { name: /Sign In/ }).getAttribute('href')).toBe('/auth');
    // The active tool is marked for assistive tech and highlighted.
    expect(screen.getByRole('link', { name: 'Instagram Database' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it.each(['/nope', '/dashboard/nope', '/auth/extra/deep'])('%s shows the 404 page', async (path) => {
    await renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Return to Home/ }).getAttribute('href')).toBe('/');
  });
});
