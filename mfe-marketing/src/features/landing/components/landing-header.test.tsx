import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingHeader } from './landing-header.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SESSION = {
  user: { id: 'user-1', email: 'ada@example.com', name: 'Ada', emailVerified: true },
  session: { id: 'session-1', expiresAt: '2099-01-01T00:00:00.000Z' },
};

function renderHeader(session: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(session)),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LandingHeader />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('LandingHeader', () => {
  it('offers Sign In to visitors and a way into the app to signed-in users', async () => {
    renderHeader(null);
    expect((await screen.findAllByRole('link', { name: 'Sign In', hidden: true })).length).toBeGreaterThan(0);
    cleanup();

    renderHeader(SESSION);
    const dashboard = await screen.findAllByRole('link', { name: 'Dashboard', hidden: true });
    expect(dashboard[0]?.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryAllByRole('link', { name: 'Sign In', hidden: true })).toHaveLength(0);
  });

  it('has a menu for small screens: it says whether it is open, focuses its first entry, and Escape closes it', async () => {
    renderHeader(null);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(menu?.hidden).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu?.hidden).toBe(false);
    const entries = within(menu as HTMLElement).getAllByRole('link');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Features',
      'Pricing',
      'Reviews',
      'FAQ',
      'Sign In',
    ]);
    expect(document.activeElement).toBe(entries[0]);

    fireEvent.keyDown(entries[0] as HTMLElement, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu?.hidden).toBe(true);
    expect(document.activeElement).toBe(button);

    // Following a section link closes the menu too.
    fireEvent.click(button);
    fireEvent.click(within(menu as HTMLElement).getByRole('link', { name: 'Pricing' }));
    expect(menu?.hidden).toBe(true);
  });
});
