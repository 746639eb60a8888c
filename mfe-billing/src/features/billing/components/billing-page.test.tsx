import { NOT_SUBSCRIBED, subscriptionAtom } from '@prospector/web-data';
import { fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, json, plansView, renderAt, stubApi } from '../../../testing/render-remote.tsx';
import { BillingPage } from './billing-page.tsx';
import { memberNamesOf } from './credit-history.tsx';

const profile = fakeProfile();

function stubBilling(overrides: Record<string, () => Response> = {}) {
  return stubApi({
    '/api/account/profile': () => json(profile),
    '/api/billing/invoices': () => json({ invoices: [] }),
    '/api/billing/credits': () =>
      json({ balance: 10_025, available: 10_025, held: 0, updatedAt: '2026-04-01T09:30:00.000Z' }),
    '/api/billing/credits/history': () =>
      json({
        items: [
          {
            id: '00000000-0000-4000-8000-000000000003',
            createdAt: '2026-04-02T11:00:00.000Z',
            amount: -1,
            reason: 'capture',
            reference: 'extraction:run-7:item-3:jane.doe',
            balanceAfter: 10_024,
            description: 'E-mail found for @jane.doe',
            link: { label: 'View extraction run', href: '/dashboard/instagram-info?run=run-7' },
          },
          {
            id: '00000000-0000-4000-8000-000000000002',
            createdAt: '2026-04-01T09:30:00.000Z',
            amount: 10_000,
            reason: 'plan_grant',
            reference: 'in_sandbox_5e1d',
            balanceAfter: 10_025,
            description: 'Professional plan — invoice of Apr 1',
            link: null,
          },
          {
            id: '00000000-0000-4000-8000-000000000001',
            createdAt: '2026-03-01T10:00:00.000Z',
            amount: 25,
            reason: 'trial_grant',
            reference: 'trial',
            balanceAfter: 25,
            description: 'Free trial credits',
            link: null,
          },
        ],
        page: 1,
        pageSize: 25,
        total: 3,
      }),
    '/api/billing/subscription': () =>
      json({
        subscribed: true,
        subscription_plan: 'package_2',
        subscription_end: '2026-05-01T00:00:00.000Z',
        cancel_at_period_end: false,
      }),
    '/api/marketing/plans': plansView(),
    ...overrides,
  });
}

describe('BillingPage', () => {
  beforeEach(() => getDefaultStore().set(subscriptionAtom, NOT_SUBSCRIBED));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows when the free trial ends', async () => {
    stubBilling({
      '/api/account/profile': () =>
        json(
          fakeProfile({
            subscriptionStatus: 'trial',
            subscriptionPlan: 'none',
            trialStartedAt: '2026-11-20T12:00:00.000Z',
          }),
        ),
      '/api/billing/subscription': () =>
        json({
          subscribed: false,
          subscription_plan: null,
          subscription_end: null,
          cancel_at_period_end: false,
        }),
    });
    renderAt('/dashboard/billing', '/dashboard/billing', <BillingPage />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('subscription-period').textContent).toBe('Free trial until December 5, 2026'),
    );
  });

  it('lists the invoices, and opens one made out to the company with its VAT number', async () => {
    stubBilling({
      '/api/account/profile': () =>
        json(
          fakeProfile({
            firstName: 'Ada',
            lastName: 'Lovelace',
            accountType: 'business',
            companyName: 'Engines Ltd',
            vatNumber: 'GB123456789',
          }),
        ),
      '/api/billing/invoices': () =>
        json({
          invoices: [
            {
              id: 'in_sandbox_5e1d',
              kind: 'plan',
              plan: 'package_2',
              credits: null,
              amountCents: 8700,
              currency: 'usd',
              status: 'paid',
              issuedAt: '2026-04-01T09:30:00.000Z',
              periodStart: '2026-04-01T09:30:00.000Z',
              periodEnd: '2026-05-01T09:30:00.000Z',
              replacedPlan: 'package_1',
              hostedUrl: null,
              pdfUrl: null,
            },
          ],
        }),
    });
    renderAt('/dashboard/billing', '/dashboard/billing', <BillingPage />);
    const [row] = await screen.findAllByTestId('invoice-row');
    expect(row?.textContent).toContain('April 1, 2026');
    expect(row?.textContent).toContain('Professional Plan — monthly');
    expect(row?.textContent).toContain('$87.00');
    expect(row?.textContent).toContain('Paid');
    // A plan change shows on the invoice that paid it.
    expect(screen.getByTestId('invoice-plan-change').textContent).toBe(
      'Changed from the Starter Plan, ended at once',
    );
    // No provider page for a sandbox invoice: it is generated in the app.
    expect(screen.queryByRole('link', { name: /Provider page/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View the invoice of April 1, 2026' }));
    const invoice = await screen.findByTestId('invoice-document');
    expect(invoice.textContent).toContain('Engines Ltd');
    expect(invoice.textContent).toContain('VAT number: GB123456789');
    expect(invoice.textContent).toContain('April 1, 2026 – May 1, 2026');
  });

  it('opens Overview by default, with the plan, status, renewal date, credits and their history', async () => {
    stubBilling();
    renderAt('/dashboard/billing', '/dashboard/billing', <BillingPage />);
    expect(screen.getByRole('tab', { name: /Overview/ }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Professional Plan');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(screen.getByTestId('subscription-period').textContent).toBe('Renews on May 1, 2026');
    expect((await screen.findByTestId('credits-remaining')).textContent).toBe('10,025');
    const rows = await screen.findAllByTestId('credit-history-row');
    // Change, what it was in words (with the date under it on phones), balance after.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^.*−1E-mail found for @jane\.doe.*10,024$/),
      expect.stringMatching(/^.*\+10,000Professional plan — invoice of Apr 1.*10,025$/),
      expect.stringMatching(/^.*\+25Free trial credits.*25$/),
    ]);
    // Internal ids are not words a person reads; the run a charge paid for is one click away.
    const table = screen.getByRole('table', { name: 'Credit history' });
    expect(table.textContent).not.toMatch(/in_sandbox|extraction:|\btrial\b(?! credits)/);
    expect(screen.getByRole('link', { name: 'View extraction run' }).getAttribute('href')).toBe(
      '/dashboard/instagram-info?run=run-7',
    );
  });

  it('names the member behind each change once the workspace has more than one member', async () => {
    const entry = (id: string, memberId: string | null | undefined, description: string) => ({
      id: `00000000-0000-4000-8000-00000000000${id}`,
      createdAt: '2026-04-02T11:00:00.000Z',
      amount: -1,
      reason: 'capture',
      reference: null,
      balanceAfter: 10,
      description,
      link: null,
      ...(memberId === undefined ? {} : { memberId }),
    });
    const member = (userId: string, name: string) => ({
      id: `m-${userId}`,
      userId,
      name,
      email: `${userId}@example.com`,
      role: 'member',
      joinedAt: '2026-03-01T10:00:00.000Z',
    });
    let members = [member(profile.userId, 'Ada Lovelace'), member('u-2', 'Grace Hopper')];
    const history = () =>
      json({
        items: [
          entry('3', 'u-2', 'E-mail found for @jane.doe'),
          entry('2', null, 'E-mail found for @old.one'),
          entry('1', undefined, 'Free trial credits'),
        ],
        page: 1,
        pageSize: 25,
        total: 3,
      });
    const teamRoute = () =>
      json({
        workspace: { id: profile.userId, name: 'Ada Lovelace', personal: false },
        role: 'owner',
        seats: { included: 3, used: 2, plan: 'Starter' },
        members,
        invitations: [],
      });
    stubBilling({ '/api/billing/credits/history': history, '/api/account/team': teamRoute });
    renderAt('/dashboard/billing', '/dashboard/billing', <BillingPage />);
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('credit-history-member').map((name) => name.textContent)).toEqual([
        'by Grace Hopper',
        'by Former member',
      ]),
    );
    // Alone in the workspace, nobody needs naming.
    members = [member(profile.userId, 'Ada Lovelace')];
    expect(memberNamesOf(members)('u-2')).toBeNull();
    expect(memberNamesOf(undefined)(profile.userId)).toBeNull();
  });

  it('opens Change Plan from ?tab=plans, with the current plan disabled', async () => {
    stubBilling();
    renderAt('/dashboard/billing?tab=plans', '/dashboard/billing', <BillingPage />);
    expect(screen.getByRole('tab', { name: /Change Plan/ }).getAttribute('aria-selected')).toBe('true');
    const current = await screen.findByRole('button', { name: 'Current Plan' });
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Choose Starter' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    // Short of credits before the renewal, a subscriber may rather add a pack than change plan.
    expect(screen.getByRole('button', { name: 'Buy 1,000 credits' })).toBeTruthy();
  });

  it('back from payment: waits 2 s, refreshes the subscription, then strips from_payment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubBilling();
    renderAt('/dashboard/billing?from_payment=success', '/dashboard/billing', <BillingPage />);
    const checks = () => api.mock.calls.filter(([url]) => String(url).endsWith('/subscription')).length;
    await vi.advanceTimersByTimeAsync(1_900);
    expect(checks()).toBe(0);
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/billing?from_payment=success');
    await vi.advanceTimersByTimeAsync(200);
    expect(checks()).toBe(1);
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/billing'));
  });
});
