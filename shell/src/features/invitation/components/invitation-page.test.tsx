import { TEAM_MESSAGES, type TInvitationPreview } from '@prospector/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPendingInvitation } from '../../../lib/pending-invitation.ts';
import { fakeProfile, fakeSession, json, stubApi, type TFakeRoute } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/account/invitations/inv-1';
const preview: TInvitationPreview = {
  id: 'inv-1',
  workspaceName: 'Hopper & Co',
  invitedBy: 'Grace Hopper',
  email: 'ada@example.com',
  role: 'admin',
  expiresAt: '2026-12-09T10:00:00.000Z',
};
const closed = (status: number, code: string, message: string) => () =>
  json({ error: { code, message } }, status);

async function openInvitation(
  routes: Record<string, TFakeRoute>,
  profile = undefined as ReturnType<typeof fakeProfile> | undefined,
) {
  const api = stubApi({ profile, routes });
  const app = await renderApp('/invite/inv-1');
  return { api, ...app };
}

describe('/invite/:id', () => {
  it('shows who invited you to which workspace as what, and offers sign-up or sign-in when signed out', async () => {
    const { router } = await openInvitation({ [PATH]: () => json(preview) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Hopper & Co on Prospector' }),
    ).toBeTruthy();
    expect(screen.getByText(/invited/).textContent).toBe(
      'Grace Hopper invited ada@example.com to join the workspace Hopper & Co as an admin.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    // On /auth: the sign-up tab, the invited address filled in, the workspace named.
    expect(await screen.findByRole('heading', { name: 'Join Hopper & Co on Prospector' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect((document.getElementById('sign-up-email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(readPendingInvitation()).toEqual({
      id: 'inv-1',
      email: 'ada@example.com',
      workspaceName: 'Hopper & Co',
    });
  });

  it('goes to sign-in with the address, and back to the invitation once signed in', async () => {
    const profile = fakeProfile({ email: 'ada@example.com' });
    let signedIn = false;
    const { router } = await openInvitation({
      [PATH]: () => json(preview),
      '/api/auth/get-session': () => json(signedIn ? fakeSession(profile) : null),
      '/api/auth/sign-in/email': () => {
        signedIn = true;
        return json({ user: { id: profile.userId, email: profile.email } });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect((await screen.findByRole('tab', { name: 'Sign In' })).getAttribute('aria-selected')).toBe('true');
    const email = screen.getAllByLabelText('Email')[0] as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    fireEvent.change(screen.getAllByLabelText('Password')[0] as HTMLElement, {
      target: { value: 'Str0ng#Pass' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    // Signed in: /auth hands over to the invitation's page, which now offers to accept.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/invite/inv-1'));
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
  });

  it('lets the recipient accept: the session switches and the dashboard follows', async () => {
    const profile = fakeProfile({ email: 'ADA@example.com' });
    const { api, router } = await openInvitation(
      {
        [PATH]: () => json(preview),
        [`${PATH}/accept`]: () =>
          json({
            id: 'm-2',
            userId: profile.userId,
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            role: 'admin',
            joinedAt: '2026-12-02T10:00:00.000Z',
          }),
      },
      profile,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You joined Hopper & Co')).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const accepts = api.mock.calls.filter(([url]) => String(url) === `${PATH}/accept`);
    expect(accepts.map(([, init]) => init?.method)).toEqual(['POST']);
  });

  it('says why accepting failed', async () => {
    await openInvitation(
      {
        [PATH]: () => json(preview),
        [`${PATH}/accept`]: closed(402, 'SEAT_LIMIT_REACHED', TEAM_MESSAGES.seatLimit(2, 'Free')),
      },
      fakeProfile({ email: 'ada@example.com' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByText(TEAM_MESSAGES.seatLimit(2, 'Free'))).getAttribute('role')).toBe('alert');
  });

  it('tells someone signed in with another address, and offers to sign out', async () => {
    await openInvitation({ [PATH]: () => json(preview) }, fakeProfile({ email: 'someone@example.com' }));
    expect(await screen.findByText(TEAM_MESSAGES.notRecipient)).toBeTruthy();
    expect(screen.getByText('Signed in as someone@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it.each([
    ['expired', 410, 'INVITATION_CLOSED', TEAM_MESSAGES.invitationExpired],
    ['revoked', 410, 'INVITATION_CLOSED', TEAM_MESSAGES.invitationRevoked],
    ['used', 410, 'INVITATION_CLOSED', TEAM_MESSAGES.invitationUsed],
    ['forged', 404, 'NOT_FOUND', TEAM_MESSAGES.invitationNotFound],
  ])('says so for a %s link, and forgets it', async (_kind, status, code, message) => {
    window.localStorage.setItem(
      'prospector.pending-invitation',
      JSON.stringify({ id: 'inv-1', email: 'ada@example.com', workspaceName: 'Hopper & Co' }),
    );
    await openInvitation({ [PATH]: closed(status, code, message) });
    const card = (await screen.findByRole('heading', { name: 'Invitation not available' })).closest(
      '[data-slot="card"]',
    ) as HTMLElement;
    expect(within(card).getByRole('alert').textContent).toBe(message);
    expect(within(card).getByRole('link', { name: 'Go to Prospector' })).toBeTruthy();
    await vi.waitFor(() => expect(readPendingInvitation()).toBeUndefined());
  });

  it('offers Try again when the invitation could not be loaded', async () => {
    let fail = true;
    await openInvitation({
      [PATH]: () => (fail ? json({ error: { code: 'INTERNAL', message: 'Down' } }, 500) : json(preview)),
    });
    expect(await screen.findByRole('heading', { name: 'Couldn’t load the invitation' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Join Hopper & Co on Prospector' })).toBeTruthy();
  });
});
