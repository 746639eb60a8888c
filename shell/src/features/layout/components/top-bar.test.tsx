import { PHONE_SCREEN_QUERY } from '@prospector/ui';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, stubApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { SMALL_PHONE_QUERY } from './plan-status.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The nearest element (the node itself included) that a `hidden` utility takes off the screen. */
const hiddenAncestor = (node: Element) => node.closest('.hidden');

describe('top bar on every width (docs/product.md §2 "Top bar")', () => {
  it('keeps the credits badge out of any hidden wrapper, so phones see the balance', async () => {
    stubApi({ profile: fakeProfile(), credits: 1_250 });
    await renderApp('/dashboard/help');
    const badge = await screen.findByTestId('credits-badge');
    expect(badge.textContent).toBe('1,250 credits');
    expect(hiddenAncestor(badge)).toBeNull();
  });

  it('shows the plan status and the Upgrade label in the top bar itself, outside any hidden wrapper', async () => {
    stubApi({ profile: fakeProfile({ trialDaysLeft: 3 }) });
    await renderApp('/dashboard/help');
    const status = await screen.findByTestId('plan-status');
    expect(status.textContent).toBe('3 days left');
    expect(hiddenAncestor(status)).toBeNull();
    const upgrade = screen.getByRole('link', { name: 'Upgrade' });
    expect(upgrade.textContent).toBe('Upgrade');
    expect(upgrade.querySelector('.sr-only')).toBeNull();
    expect(hiddenAncestor(upgrade)).toBeNull();
    // One plan status: the drawer no longer repeats it.
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(within(drawer).queryByTestId('plan-status')).toBeNull();
    expect(screen.getAllByTestId('plan-status')).toHaveLength(1);
  });

  it('on a small phone says the plan status in short words, and the whole status to screen readers', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === SMALL_PHONE_QUERY || query === PHONE_SCREEN_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubApi({ profile: fakeProfile({ trialDaysLeft: 3 }) });
    await renderApp('/dashboard/help');
    const status = await screen.findByTestId('plan-status');
    expect(status.querySelector('[aria-hidden]')?.textContent).toBe('3d left');
    expect(status.querySelector('.sr-only')?.textContent).toBe('3 days left');
    expect(status.getAttribute('title')).toBe('3 days left');
    expect(hiddenAncestor(status)).toBeNull();
    expect(screen.getByRole('link', { name: 'Upgrade' }).textContent).toBe('Upgrade');
  });

  it('offers Upgrade to a subscriber only when credits run under 10', async () => {
    stubApi({
      profile: fakeProfile({ subscriptionStatus: 'active', subscriptionPlan: 'package_1' }),
      credits: 10,
    });
    await renderApp('/dashboard/help');
    await screen.findByTestId('credits-badge');
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it.each([
    [11, 'secondary'],
    [10, 'destructive'],
    [0, 'destructive'],
  ])(
    'shows %i credits as a %s badge (destructive at 10 or fewer, docs/product.md §9)',
    async (credits, variant) => {
      stubApi({ profile: fakeProfile(), credits });
      await renderApp('/dashboard/help');
      expect((await screen.findByTestId('credits-badge')).getAttribute('data-variant')).toBe(variant);
    },
  );

  it('shows credits held by running extractions beside the available ones, not as spent', async () => {
    stubApi({ profile: fakeProfile(), credits: 13, held: 12 });
    await renderApp('/dashboard/help');
    expect((await screen.findByTestId('credits-badge')).textContent).toBe('13 credits');
    const reserved = screen.getByTestId('credits-reserved');
    expect(reserved.textContent).toBe('12 reserved for running extractions');
    expect(hiddenAncestor(reserved)).toBeNull();
  });

  it('shows nothing reserved while no extraction runs', async () => {
    stubApi({ profile: fakeProfile(), credits: 25 });
    await renderApp('/dashboard/help');
    await screen.findByTestId('credits-badge');
    expect(screen.queryByTestId('credits-reserved')).toBeNull();
  });
});
