import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRemotePageModule } from './remote-modules.ts';
import { RemoteSlot } from './remote-slot.tsx';

afterEach(cleanup);
// React reports errors caught by the boundary; these tests cause them on purpose.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const page = (text: string): TRemotePageModule => ({ default: () => <h1>{text}</h1> });

// React only retries a suspended render inside an awaited act(), as it would on its own in a browser.
const renderSettled = (ui: ReactNode) => act(async () => void render(ui));
const clickSettled = (element: HTMLElement) => act(async () => void fireEvent.click(element));

describe('RemoteSlot', () => {
  it('shows a skeleton while the page loads, then the page', async () => {
    let resolve: (module: TRemotePageModule) => void = () => {};
    const pending = new Promise<TRemotePageModule>((done) => {
      resolve = done;
    });
    await renderSettled(<RemoteSlot cacheKey="slow" section="the database" load={() => pending} />);
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeTruthy();

    await act(async () => resolve(page('Database page')));
    expect(screen.getByRole('heading', { name: 'Database page' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading page' })).toBeNull();
  });

  it('shows a retryable error card when loading fails, and Try again really loads again', async () => {
    const load = vi
      .fn<() => Promise<TRemotePageModule>>()
      .mockRejectedValueOnce(new Error('Could not download /remotes/billing/remoteEntry.js.'))
      .mockResolvedValueOnce(page('Billing page'));
    await renderSettled(<RemoteSlot cacheKey="fails-once" section="billing" load={load} />);

    const card = screen.getByRole('alert');
    expect(card.textContent).toContain("This section couldn't load");
    expect(card.textContent).toContain('loading billing');
    expect(card.textContent).toContain('Could not download /remotes/billing/remoteEntry.js.');

    await clickSettled(screen.getByRole('button', { name: /Try again/ }));
    expect(screen.getByRole('heading', { name: 'Billing page' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps offering Try again while the remote stays down', async () => {
    const load = vi.fn(async (): Promise<TRemotePageModule> => {
      throw new Error('still down');
    });
    await renderSettled(<RemoteSlot cacheKey="down" section="pricing" load={load} />);
    await clickSettled(screen.getByRole('button', { name: /Try again/ }));
    expect(screen.getByRole('alert').textContent).toContain('still down');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again by itself when a failed page is opened again later', async () => {
    const load = vi
      .fn<() => Promise<TRemotePageModule>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(page('Similar page'));
    await renderSettled(<RemoteSlot cacheKey="revisit" section="similar accounts" load={load} />);
    expect(screen.getByRole('alert')).toBeTruthy();
    cleanup();
    await renderSettled(<RemoteSlot cacheKey="revisit" section="similar accounts" load={load} />);
    expect(screen.getByRole('heading', { name: 'Similar page' })).toBeTruthy();
  });

  it('catches a page that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('Render failed');
    };
    await renderSettled(
      <RemoteSlot cacheKey="throws" section="similar accounts" load={async () => ({ default: Broken })} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Render failed');
  });

  it('loads a module once however often it is rendered', async () => {
    const load = vi.fn(async () => page('Cached page'));
    await renderSettled(<RemoteSlot cacheKey="cached" section="pricing" load={load} />);
    cleanup();
    await renderSettled(<RemoteSlot cacheKey="cached" section="pricing" load={load} />);
    expect(screen.getByRole('heading', { name: 'Cached page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
