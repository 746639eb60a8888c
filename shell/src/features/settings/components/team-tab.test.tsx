import { TEAM_MESSAGES, type TTeam, type TTeamMember } from '@prospector/contracts';
import { Toaster } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, json, stubApi, type TFakeRoute } from '../../../testing/fake-api.ts';
import { TeamTab } from './team-tab.tsx';
import { LIMIT_INVALID_MESSAGE } from './team-usage-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = fakeProfile();
const member = (overrides: Partial<TTeamMember>): TTeamMember => ({
  id: 'm-1',
  userId: 'u-1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'member',
  joinedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const team = (overrides: Partial<TTeam> = {}): TTeam => ({
  workspace: { id: me.userId, name: 'Ada Lovelace', personal: true },
  role: 'owner',
  seats: { included: 3, used: 2, plan: 'Starter' },
  members: [
    member({ id: me.userId, userId: me.userId, name: 'Ada Lovelace', email: me.email, role: 'owner' }),
    member({}),
  ],
  invitations: [],
  ...overrides,
});

function renderTab(routes: Record<string, TFakeRoute>) {
  const api = stubApi({ profile: me, routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <TeamTab /> }], {
    initialEntries: ['/dashboard/settings?tab=team'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, router };
}

const sent = (api: ReturnType<typeof stubApi>, path: string, method: string) =>
  api.mock.calls
    .filter(([url, init]) => new URL(String(url), 'http://x').pathname === path && init?.method === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

describe('Settings → Team', () => {
  it('shows a loading state, then an error with Try again that loads the team', async () => {
    let fail = true;
    renderTab({
      '/api/account/team': () =>
        fail ? json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500) : json(team()),
    });
    expect(screen.getByLabelText('Team loading')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The team could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeTruthy();
  });

  it('lists members with e-mail, role and joined date; an owner invites, with the seats counted', async () => {
    const { api } = renderTab({
      '/api/account/team': () => json(team()),
      '/api/account/team/invitations': () =>
        json(
          {
            id: 'inv-1',
            email: 'new@example.com',
            role: 'admin',
            expiresAt: '2026-12-09T10:00:00.000Z',
            invitedBy: 'Ada Lovelace',
          },
          201,
        ),
    });
    const rows = await screen.findAllByTestId('team-member');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain('grace@example.com');
    expect(rows[1]?.textContent).toContain('Nov 1, 2026');
    expect(rows[0]?.textContent).toContain('(you)');
    expect(screen.getByTestId('seat-count').textContent).toContain('2 of 3 seats used on the Starter plan');
    expect(screen.getByText('No pending invitations.')).toBeTruthy();
    // Nobody removes themselves; the other member can be removed.
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Grace Hopper' })).toBeTruthy();
    // The personal workspace cannot be left.
    expect(screen.queryByRole('heading', { name: 'Leave workspace' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/valid email/i)).toBeTruthy();
    expect(sent(api, '/api/account/team/invitations', 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeTruthy();
    expect(sent(api, '/api/account/team/invitations', 'POST')).toEqual([
      { email: 'new@example.com', role: 'member' },
    ]);
  });

  it('at the seat limit says why and links to the upgrade, and sends nothing', async () => {
    const { api } = renderTab({
      '/api/account/team': () => json(team({ seats: { included: 2, used: 2, plan: 'Free' } })),
    });
    expect(await screen.findByText(TEAM_MESSAGES.seatLimit(2, 'Free'))).toBeTruthy();
    const upgrade = screen.getByRole('link', { name: 'Upgrade' });
    expect(upgrade.getAttribute('href')).toBe('/dashboard/billing?tab=plans');
    expect((screen.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(sent(api, '/api/account/team/invitations', 'POST')).toEqual([]);
  });

  it('resends and revokes a pending invitation', async () => {
    const invitation = {
      id: 'inv-9',
      email: 'pending@example.com',
      role: 'admin' as const,
      expiresAt: '2026-12-09T10:00:00.000Z',
      invitedBy: 'Ada Lovelace',
    };
    const { api } = renderTab({
      '/api/account/team': () => json(team({ invitations: [invitation] })),
      '/api/account/team/invitations': () => json({ ...invitation, id: 'inv-10' }, 201),
      '/api/account/team/invitations/inv-9': () => new Response(null, { status: 204 }),
    });
    const row = await screen.findByTestId('team-invitation');
    expect(row.textContent).toContain('pending@example.com');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Resend the invitation to pending@example.com' }),
    );
    expect(await screen.findByText('Invitation sent again to pending@example.com')).toBeTruthy();
    expect(sent(api, '/api/account/team/invitations', 'POST')).toEqual([
      { email: 'pending@example.com', role: 'admin' },
    ]);
    fireEvent.click(
      within(row).getByRole('button', { name: 'Revoke the invitation to pending@example.com' }),
    );
    expect(await screen.findByText('Invitation to pending@example.com revoked')).toBeTruthy();
    expect(sent(api, '/api/account/team/invitations/inv-9', 'DELETE')).toHaveLength(1);
  });

  it('removes a member only after confirming', async () => {
    const { api } = renderTab({
      '/api/account/team': () => json(team()),
      '/api/account/team/members/m-1': () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Grace Hopper loses access to Ada Lovelace at once.');
    expect(sent(api, '/api/account/team/members/m-1', 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Grace Hopper was removed from Ada Lovelace')).toBeTruthy();
    expect(sent(api, '/api/account/team/members/m-1', 'DELETE')).toHaveLength(1);
  });

  it('shows a member the team read-only, and the last owner’s refusal to leave', async () => {
    const shared = team({
      workspace: { id: 'w-2', name: 'Hopper & Co', personal: false },
      role: 'member',
      members: [
        member({ id: 'm-o', userId: 'u-o', name: 'Grace Hopper', role: 'owner' }),
        member({ id: 'm-me', userId: me.userId, name: 'Ada Lovelace', email: me.email, role: 'member' }),
      ],
    });
    renderTab({
      '/api/account/team': () => json(shared),
      '/api/account/team/leave': () =>
        json({ error: { code: 'CONFLICT', message: TEAM_MESSAGES.lastOwner } }, 409),
    });
    expect(await screen.findByText(TEAM_MESSAGES.forbidden)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Invite a colleague' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        TEAM_MESSAGES.lastOwner,
      ),
    );
  });

  it('lets an admin change a member’s role, but not an owner’s, and offers no owner role', async () => {
    const asAdmin = team({
      workspace: { id: 'w-2', name: 'Hopper & Co', personal: false },
      role: 'admin',
      members: [
        member({ id: 'm-o', userId: 'u-o', name: 'Grace Hopper', role: 'owner' }),
        member({ id: 'm-me', userId: me.userId, name: 'Ada Lovelace', email: me.email, role: 'admin' }),
        member({ id: 'm-3', userId: 'u-3', name: 'Alan Turing', email: 'alan@example.com' }),
      ],
    });
    renderTab({ '/api/account/team': () => json(asAdmin) });
    expect(await screen.findByLabelText('Role of Alan Turing')).toBeTruthy();
    expect(screen.queryByLabelText('Role of Grace Hopper')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Grace Hopper' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Alan Turing' })).toBeTruthy();
  });

  it('shows an owner each member’s month and sets, validates and clears a monthly limit', async () => {
    const month = '2026-12-01T00:00:00.000Z';
    let limit: number | null = null;
    const usageOf = (memberId: string, used: number, monthlyLimit: number | null) => ({
      memberId,
      monthStart: month,
      captured: used,
      held: 0,
      used,
      monthlyLimit,
      left: monthlyLimit === null ? null : Math.max(0, monthlyLimit - used),
    });
    let refuse = true;
    const { api } = renderTab({
      '/api/account/team': () => json(team()),
      '/api/billing/member-usage': () => json({ members: [usageOf('u-1', 7, limit)] }),
      '/api/billing/member-limits/u-1': (init) => {
        if (init?.method === 'DELETE') {
          limit = null;
          return new Response(null, { status: 204 });
        }
        if (refuse) {
          refuse = false;
          return json({ error: { code: 'INTERNAL', message: 'Billing is unavailable right now' } }, 503);
        }
        limit = (JSON.parse(String(init?.body)) as { monthlyLimit: number }).monthlyLimit;
        return json(usageOf('u-1', 7, limit));
      },
    });
    const rows = await screen.findAllByTestId('member-usage');
    expect(rows.map((row) => within(row).getByTestId('member-used').textContent)).toEqual([
      '0 credits',
      '7 credits',
    ]);
    const input = screen.getByLabelText('Monthly limit of Grace Hopper');
    const save = screen.getByRole('button', { name: 'Save the limit of Grace Hopper' });

    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.click(save);
    expect(await screen.findByText(LIMIT_INVALID_MESSAGE)).toBeTruthy();
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.click(save);
    expect(await screen.findByText(LIMIT_INVALID_MESSAGE)).toBeTruthy();
    expect(sent(api, '/api/billing/member-limits/u-1', 'PUT')).toEqual([]);

    // The service's refusal is shown where the limit is typed; a second try saves it.
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(save);
    expect(await screen.findByText('Billing is unavailable right now')).toBeTruthy();
    fireEvent.click(save);
    expect(await screen.findByText("Grace Hopper's monthly limit is 10 credits")).toBeTruthy();
    expect(sent(api, '/api/billing/member-limits/u-1', 'PUT')).toEqual([
      { monthlyLimit: 10 },
      { monthlyLimit: 10 },
    ]);
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('member-used')[1]?.textContent).toBe('7 of 10 credits'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove the limit of Grace Hopper' }));
    expect(await screen.findByText('Grace Hopper has no monthly limit')).toBeTruthy();
    expect(sent(api, '/api/billing/member-limits/u-1', 'DELETE')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getAllByTestId('member-used')[1]?.textContent).toBe('7 credits'));
    expect((screen.getByLabelText('Monthly limit of Grace Hopper') as HTMLInputElement).value).toBe('');
  });

  it('shows a member their own month, with or without a limit, and no one else’s', async () => {
    const shared = team({
      workspace: { id: 'w-2', name: 'Hopper & Co', personal: false },
      role: 'member',
      members: [
        member({ id: 'm-o', userId: 'u-o', name: 'Grace Hopper', role: 'owner' }),
        member({ id: 'm-me', userId: me.userId, name: 'Ada Lovelace', email: me.email, role: 'member' }),
      ],
    });
    let monthlyLimit: number | null = 50;
    const { api } = renderTab({
      '/api/account/team': () => json(shared),
      '/api/billing/member-usage/me': () =>
        json({
          memberId: me.userId,
          monthStart: '2026-12-01T00:00:00.000Z',
          captured: 3,
          held: 0,
          used: 3,
          monthlyLimit,
          left: monthlyLimit === null ? null : monthlyLimit - 3,
        }),
    });
    expect((await screen.findByTestId('my-usage')).textContent).toBe(
      'You have used 3 of 50 credits this month',
    );
    expect(screen.queryByLabelText(/^Monthly limit of/)).toBeNull();
    expect(sent(api, '/api/billing/member-usage', 'GET')).toEqual([]);
    cleanup();
    monthlyLimit = null;
    renderTab({
      '/api/account/team': () => json(shared),
      '/api/billing/member-usage/me': () =>
        json({
          memberId: me.userId,
          monthStart: '2026-12-01T00:00:00.000Z',
          captured: 3,
          held: 0,
          used: 3,
          monthlyLimit,
          left: null,
        }),
    });
    expect((await screen.findByTestId('my-usage')).textContent).toBe('You have used 3 credits this month');
  });
});
