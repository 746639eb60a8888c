import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRemoteModuleId } from '../../../remotes/remote-modules.ts';
import { TrialExpiredPage } from './trial-expired-page.tsx';

const loadRemotePage = vi.hoisted(() => vi.fn());
vi.mock('../../../remotes/load-remote-page.ts', () => ({ loadRemotePage }));

beforeEach(() => {
  // React reports the error the boundary catches; this test causes it on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('TrialExpiredPage when the billing remote fails', () => {
  it("keeps its heading and Contact Sales when the billing remote's plans fail to load, and retries", async () => {
    loadRemotePage
      .mockRejectedValueOnce(new Error('Could not download /remotes/billing/remoteEntry.js.'))
      .mockImplementationOnce(async (id: TRemoteModuleId) => ({ default: () => <p>remote {id}</p> }));
    await act(
      async () =>
        void render(
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter>
              <TrialExpiredPage />
            </MemoryRouter>
          </QueryClientProvider>,
        ),
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Trial Period Expired' })).toBeTruthy();
    const card = screen.getByRole('alert');
    expect(card.textContent).toContain("This section couldn't load");
    expect(card.textContent).toContain('loading the plans');
    expect(card.textContent).toContain('Could not download /remotes/billing/remoteEntry.js.');
    expect(screen.getByRole('link', { name: /Contact Sales/ }).getAttribute('href')).toBe(
      'mailto:support@prospector.app',
    );

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Try again/ })));
    expect(screen.getByText('remote billing/TrialExpiredPlans')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loadRemotePage.mock.calls).toEqual([['billing/TrialExpiredPlans'], ['billing/TrialExpiredPlans']]);
  });
});
