import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiStatusBanner, type TApiStatus } from './api-status-banner.tsx';

/** What the harness's dev server answers at its status path while the API is down. */
const STATUS_URL = '/__harness/api-status';
const unreachable: TApiStatus = {
  target: 'http://127.0.0.1:3000',
  reachable: false,
  startCommand: 'pnpm dev',
};

/** A page's query, standing in for the remote's: it shows how often it asked. */
function Page() {
  const { data, isError } = useQuery({
    queryKey: ['plan'],
    queryFn: async () => (await fetch('/api/billing/credits')).json() as Promise<{ calls: number }>,
    retry: false,
  });
  return <p>{isError ? 'failed' : `page asked ${data?.calls ?? 0}`}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiStatusBanner', () => {
  it('names the API and the command while it is down, then goes and the page loads again', async () => {
    let status = unreachable;
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const body = String(input) === STATUS_URL ? status : { calls: ++calls };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApiStatusBanner statusUrl={STATUS_URL} recheckMs={50} />
        <Page />
      </QueryClientProvider>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The API at http://127.0.0.1:3000 is not reachable.');
    expect(alert.textContent).toContain('Start it from the repository root with pnpm dev, or set API_TARGET');
    expect(screen.getByText('pnpm dev').tagName).toBe('CODE');
    await screen.findByText('page asked 1');

    status = { ...unreachable, reachable: true };
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await screen.findByText('page asked 2');
  });

  it('asks to set API_TARGET when the API is on another host', async () => {
    const remote = { ...unreachable, target: 'https://staging.example.com', startCommand: undefined };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(remote))),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApiStatusBanner statusUrl={STATUS_URL} />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The API at https://staging.example.com is not reachable.Start it there, or set API_TARGET to where it runs.',
    );
  });
});
