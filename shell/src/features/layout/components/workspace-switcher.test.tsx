import type { TWorkspaceList } from '@prospector/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRemoteModuleId } from '../../../remotes/remote-modules.ts';
import { fakeProfile, json, stubApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

vi.mock('../../../remotes/load-remote-page.ts', () => ({
  loadRemotePage: async (id: TRemoteModuleId) => ({ default: () => <p>remote page {id}</p> }),
}));

afterEach(() => vi.unstubAllGlobals());

const profile = fakeProfile();
const list = (activeWorkspaceId: string): TWorkspaceList => ({
  activeWorkspaceId,
  workspaces: [
    {
      id: profile.userId,
      name: 'Ada Lovelace',
      role: 'owner',
      personal: true,
      active: activeWorkspaceId === profile.userId,
    },
    { id: 'w-2', name: 'Hopper & Co', role: 'member', personal: false, active: activeWorkspaceId === 'w-2' },
  ],
});

// The first render of the file loads the dashboard's lazy chunks: on a busy machine that can pass 1 s.
const openMenu = async () =>
  fireEvent.keyDown(await screen.findByRole('button', { name: /account menu/i }, { timeout: 10_000 }), {
    key: 'Enter',
  });

describe('the avatar menu’s workspace switcher (docs/product.md §11)', () => {
  it('is not shown to someone with one workspace', async () => {
    stubApi({
      profile,
      routes: {
        '/api/account/workspaces': () =>
          json({ activeWorkspaceId: profile.userId, workspaces: [list(profile.userId).workspaces[0]] }),
      },
    });
    await renderApp('/dashboard/help');
    await openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByText('Workspaces')).toBeNull();
    expect(screen.queryAllByRole('menuitemcheckbox')).toHaveLength(0);
  });

  it('lists the workspaces with the role, the active one checked; switching reloads every query', async () => {
    let active = profile.userId;
    const api = stubApi({
      profile,
      routes: {
        '/api/account/workspaces': () => json(list(active)),
        '/api/account/workspaces/active': (init) => {
          active = (JSON.parse(String(init?.body)) as { workspaceId: string }).workspaceId;
          return json(list(active));
        },
      },
    });
    const { router } = await renderApp('/dashboard/help');
    await openMenu();
    const options = await screen.findAllByRole('menuitemcheckbox');
    expect(options.map((one) => [one.textContent, one.getAttribute('aria-checked')])).toEqual([
      ['Ada LovelacePersonal · Owner', 'true'],
      ['Hopper & CoMember', 'false'],
    ]);
    const creditsAsked = () =>
      api.mock.calls.filter(([url]) => String(url) === '/api/billing/credits').length;
    const before = creditsAsked();
    fireEvent.click(options[1] as HTMLElement);
    expect(await screen.findByText('Now working in Hopper & Co')).toBeTruthy();
    expect(active).toBe('w-2');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // Credits (and every other query) are asked again for the new workspace.
    await vi.waitFor(() => expect(creditsAsked()).toBeGreaterThan(before));
  });

  it('follows a switch made in another tab', async () => {
    const api = stubApi({ profile, routes: { '/api/account/workspaces': () => json(list(profile.userId)) } });
    await renderApp('/dashboard/help');
    await screen.findByRole('button', { name: /account menu/i }, { timeout: 10_000 });
    const profileAsked = () =>
      api.mock.calls.filter(([url]) => String(url) === '/api/account/profile').length;
    await vi.waitFor(() => expect(profileAsked()).toBeGreaterThan(0));
    const before = profileAsked();
    const otherTab = new BroadcastChannel('prospector.workspace');
    otherTab.postMessage({ type: 'workspace-changed', workspaceId: 'w-2' });
    otherTab.close();
    await vi.waitFor(() => expect(profileAsked()).toBeGreaterThan(before));
  });
});
