import type { TCreditBalance, TProfile } from '@prospector/contracts';
import { fakeProfile } from '@prospector/contracts/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditsSummary, extractorPlanText } from './credits-summary.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const credits = (available: number, held = 0): TCreditBalance => ({
  balance: available + held,
  available,
  held,
  updatedAt: '2026-11-23T10:00:00.000Z',
});

/** Renders the summary against the account and billing endpoints answered from memory. */
function renderSummary(answers: { profile: () => Response; credits: () => Response }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/account/profile') return answers.profile();
      if (path === '/api/billing/credits') return answers.credits();
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CreditsSummary />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('info extractor credits summary (docs/product.md §2)', () => {
  it('shows the available credits and the plan from the account rather than skeletons', async () => {
    renderSummary({
      profile: () => json(fakeProfile({ subscriptionStatus: 'active', subscriptionPlan: 'package_2' })),
      credits: () => json(credits(10_025)),
    });
    const badge = await screen.findByTestId('available-credits');
    expect(badge.textContent).toBe('10,025');
    expect(badge.getAttribute('data-variant')).toBe('secondary');
    expect(await screen.findByText('Professional Plan')).toBeTruthy();
    expect(screen.queryByTestId('reserved-credits')).toBeNull();
  });

  it('turns the badge destructive at 10 credits or fewer, and says "Free trial" without a plan', async () => {
    renderSummary({ profile: () => json(fakeProfile()), credits: () => json(credits(10)) });
    const badge = await screen.findByTestId('available-credits');
    expect(badge.textContent).toBe('10');
    expect(badge.getAttribute('data-variant')).toBe('destructive');
    expect(await screen.findByText('Free trial')).toBeTruthy();
  });

  it('shows credits held by a running extraction beside the available ones, not as spent', async () => {
    renderSummary({ profile: () => json(fakeProfile()), credits: () => json(credits(13, 12)) });
    expect((await screen.findByTestId('available-credits')).textContent).toBe('13');
    expect(screen.getByTestId('reserved-credits').textContent).toBe('+ 12 reserved for running extractions');
  });

  it('says a value is unavailable when it cannot be loaded, instead of loading forever', async () => {
    renderSummary({
      profile: () => json(fakeProfile()),
      credits: () => json({ error: { code: 'INTERNAL', message: 'down' } }, 500),
    });
    expect(await screen.findByText('Unavailable')).toBeTruthy();
    expect(await screen.findByText('Free trial')).toBeTruthy();
    expect(screen.queryByTestId('available-credits')).toBeNull();
  });
});

describe('extractorPlanText', () => {
  it.each<[Pick<TProfile, 'subscriptionStatus' | 'subscriptionPlan'>, string]>([
    [{ subscriptionStatus: 'active', subscriptionPlan: 'package_1' }, 'Starter Plan'],
    [{ subscriptionStatus: 'active', subscriptionPlan: 'package_3' }, 'Enterprise Plan'],
    [{ subscriptionStatus: 'trial', subscriptionPlan: 'none' }, 'Free trial'],
    [{ subscriptionStatus: 'trial', subscriptionPlan: 'package_2' }, 'Free trial'],
  ])('%o → %s', (profile, text) => {
    expect(extractorPlanText(profile)).toBe(text);
  });
});
