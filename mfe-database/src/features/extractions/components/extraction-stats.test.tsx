import type { TExtractionStats } from '@prospector/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExtractionStats } from './extraction-stats.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderStats(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://localhost').pathname === '/api/database/stats'
        ? answer()
        : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ExtractionStats />
    </QueryClientProvider>,
  );
}

/** The figure shown on the card titled `title`. */
const figure = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest('[data-slot="card"]') as HTMLElement)
    .getAllByText(/./)
    .map((node) => node.textContent)
    .at(-1);

afterEach(() => vi.unstubAllGlobals());

describe('database page statistics (docs/product.md §2)', () => {
  it("shows the database service's figures rather than skeletons", async () => {
    const stats: TExtractionStats = {
      totalExtractions: 1_240,
      withEmail: 310,
      creditsUsed: 310,
      successRate: 25,
    };
    renderStats(() => json(stats));
    expect(await screen.findByText('1,240')).toBeTruthy();
    expect(figure('Total Extractions')).toBe('1,240');
    expect(figure('With Email')).toBe('310');
    expect(figure('Success Rate')).toBe('25%');
  });

  it('shows a dash, not an endless skeleton, when the figures cannot be loaded', async () => {
    renderStats(() => json({ error: { code: 'INTERNAL', message: 'down' } }, 500));
    expect(await screen.findAllByText('Unavailable')).toHaveLength(3);
    expect(screen.queryByLabelText(/loading/)).toBeNull();
  });
});
