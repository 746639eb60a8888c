import { PROFILE_QUERY_KEY, SESSION_QUERY_KEY } from '@prospector/web-data';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRemoteModuleId } from '../../../remotes/remote-modules.ts';
import { fakeProfile, json, stubApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

vi.mock('../../../remotes/load-remote-page.ts', () => ({
  loadRemotePage: async (id: TRemoteModuleId) => ({ default: () => <p>remote page {id}</p> }),
}));

afterEach(() => vi.unstubAllGlobals());

async function signOutFromMenu() {
  fireEvent.keyDown(await screen.findByRole('button', { name: /account menu/i }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
}

describe('user menu button', () => {
  it('shows the initials and its accessible name contains them (WCAG 2.5.3 label in name)', async () => {
    stubApi({ profile: fakeProfile() });
    await renderApp('/dashboard/help');
    const button = await screen.findByRole('button', { name: 'AL, account menu' });
    expect(button.textContent).toBe('AL');
  });
});

describe('user menu sign-out (docs/product.md §8 "Sign-out")', () => {
  it('signs out, leaves for the home page and says "Successfully logged out!"', async () => {
    const api = stubApi({
      profile: fakeProfile(),
      routes: { '/api/auth/sign-out': () => json({ success: true }) },
    });
    const { router, queryClient } = await renderApp('/dashboard/help');
    await signOutFromMenu();

    expect(await screen.findByText('Successfully logged out!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('remote page marketing/LandingPage')).toBeTruthy();
    expect(api.mock.calls.some(([url]) => String(url) === '/api/auth/sign-out')).toBe(true);
    // The signed-in user's data is gone from the cache.
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toBeUndefined();
  });

  it('a failed sign-out shows "Sign Out Error" with "Error during logout" and stays signed in', async () => {
    stubApi({
      profile: fakeProfile(),
      routes: {
        '/api/auth/sign-out': () => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500),
      },
    });
    const { router } = await renderApp('/dashboard/help');
    await signOutFromMenu();

    expect(await screen.findByText('Sign Out Error')).toBeTruthy();
    expect(screen.getByText('Error during logout')).toBeTruthy();
    expect(screen.queryByText('Successfully logged out!')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/help');
    expect(screen.getByRole('heading', { name: 'Help - Coming Soon' })).toBeTruthy();
  });
});
