import { SESSION_QUERY_KEY } from '@prospector/web-data';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRemoteModuleId } from '../../../remotes/remote-modules.ts';
import { fakeProfile, stubApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

vi.mock('../../../remotes/load-remote-page.ts', () => ({
  loadRemotePage: async (id: TRemoteModuleId) => ({ default: () => <p>remote page {id}</p> }),
}));

afterEach(() => vi.unstubAllGlobals());

describe('Delete Account', () => {
  it('after confirming, the visitor is signed out on the home page and told so', async () => {
    stubApi({
      profile: fakeProfile(),
      routes: { '/api/account/me': () => new Response(null, { status: 204 }) },
    });
    const { router, queryClient } = await renderApp('/dashboard/settings');
    // Radix tabs switch on mouse down, as a pointer press does.
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Security' }), { button: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete permanently' }));

    expect(await screen.findByText('Your account has been deleted')).toBeTruthy();
    expect(await screen.findByText('remote page marketing/LandingPage')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });
});
