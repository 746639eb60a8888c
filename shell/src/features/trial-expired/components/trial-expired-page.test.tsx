import { SUPPORT_EMAIL, TRIAL_EXPIRED_MESSAGE } from '@prospector/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRemoteModuleId } from '../../../remotes/remote-modules.ts';
import { fakeProfile, json, stubApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// Whatever part of the screen a remote provides renders as a stub naming it.
vi.mock('../../../remotes/load-remote-page.ts', () => ({
  loadRemotePage: async (id: TRemoteModuleId) => ({ default: () => <p>remote page {id}</p> }),
}));

afterEach(() => vi.unstubAllGlobals());

describe('trial-expired screen (docs/product.md §2, §6)', () => {
  it('replaces a gated page with the heading and a Contact Sales mail link to support', async () => {
    stubApi({ profile: fakeProfile({ trialExpired: true, trialDaysLeft: 0 }) });
    const { router } = await renderApp('/dashboard/instagram-info');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trial Period Expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Contact Sales/ }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(screen.queryByText('remote page extractor/InfoExtractorPage')).toBeNull();
    // Paying is for extracting; the saved extractions stay the user's either way, said once.
    const subtitle = screen.getByText(/^Your 15-day free trial has ended/);
    expect(subtitle.textContent).toBe(
      'Your 15-day free trial has ended. Choose a plan to keep extracting e-mails.',
    );
    expect(TRIAL_EXPIRED_MESSAGE).toBe(`Trial Period Expired. ${subtitle.textContent}`);
    expect(screen.getAllByText(/saved extractions/)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard/instagram-info');
  });

  it('keeps the saved extractions exportable, and says when there is nothing to export', async () => {
    const api = stubApi({
      profile: fakeProfile({ trialExpired: true, trialDaysLeft: 0 }),
      routes: {
        '/api/database/extractions/export': () =>
          json({ error: { code: 'NOT_FOUND', message: 'No data to export' } }, 404),
      },
    });
    await renderApp('/dashboard/instagram-database');
    fireEvent.click(await screen.findByRole('button', { name: 'Export them as CSV' }));
    expect(await screen.findByText('No data to export')).toBeTruthy();
    expect(
      api.mock.calls.some(
        ([input]) => new URL(String(input), 'http://x').pathname === '/api/database/extractions/export',
      ),
    ).toBe(true);
  });

  it('is not shown to an active subscriber whose trial has run out', async () => {
    stubApi({
      profile: fakeProfile({
        trialExpired: true,
        subscriptionStatus: 'active',
        subscriptionPlan: 'package_1',
      }),
    });
    await renderApp('/dashboard/instagram-info');
    expect(await screen.findByText('remote page extractor/InfoExtractorPage')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Trial Period Expired' })).toBeNull();
  });

  it('offers Sign Out, which leaves for the home page like the avatar menu does', async () => {
    stubApi({
      profile: fakeProfile({ trialExpired: true, trialDaysLeft: 0 }),
      routes: { '/api/auth/sign-out': () => json({ success: true }) },
    });
    const { router } = await renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Successfully logged out!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Trial Period Expired' })).toBeNull();
  });
});
