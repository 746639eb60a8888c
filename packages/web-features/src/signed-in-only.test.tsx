import { SIGNED_OUT_TOOL_MESSAGE } from '@prospector/web-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedInOnly } from './signed-in-only.tsx';

function renderWithSession(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SignedInOnly>
          <p>the tool</p>
        </SignedInOnly>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SignedInOnly', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a signed-out visitor to log in, with a way to sign in', async () => {
    renderWithSession(null);
    expect(await screen.findByRole('heading', { name: SIGNED_OUT_TOOL_MESSAGE })).toBeTruthy();
    expect(SIGNED_OUT_TOOL_MESSAGE).toBe('You must be logged in to use this tool.');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByText('the tool')).toBeNull();
  });

  it('treats a 401 from the session check as signed out', async () => {
    renderWithSession({ error: { code: 'UNAUTHENTICATED' } }, 401);
    expect(await screen.findByRole('heading', { name: SIGNED_OUT_TOOL_MESSAGE })).toBeTruthy();
  });

  it('shows the tool to a signed-in user', async () => {
    renderWithSession({
      user: { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true },
      session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(await screen.findByText('the tool')).toBeTruthy();
    expect(screen.queryByText(SIGNED_OUT_TOOL_MESSAGE)).toBeNull();
  });
});
