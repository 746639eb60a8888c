import type { TWebhookDelivery, TWebhookEndpoint } from '@prospector/contracts';
import { Toaster } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/fake-api.ts';
import { ApiKeysCard, KEYS_MANAGED_BY_ADMINS } from './api-keys-card.tsx';
import { WEBHOOKS_MANAGED_BY_ADMINS, WebhooksTab } from './webhooks-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const SECRET = `whsec_${'Q'.repeat(43)}=`;
const endpoint = (url: string): TWebhookEndpoint => ({
  url,
  secret: SECRET,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const delivery = (overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  id: '5a0c4d2e-0c1b-4b59-9d5e-2f4f1d1c0a01',
  eventType: 'run.completed',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  error: null,
  createdAt: '2026-11-01T10:05:00.000Z',
  lastAttemptAt: '2026-11-01T10:05:01.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-01T10:05:01.000Z',
  ...overrides,
});

function renderTab(canManage = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WebhooksTab canManage={canManage} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('Settings → Webhooks', () => {
  it('saves an endpoint, shows the service’s refusal under the field, then the hidden secret', async () => {
    let saved: TWebhookEndpoint | null = null;
    const puts: string[] = [];
    stubApi({
      routes: {
        '/api/account/webhooks': (init) => {
          if (init?.method !== 'PUT') return json({ endpoint: saved });
          const { url } = JSON.parse(String(init.body)) as { url: string };
          puts.push(url);
          if (url.includes('10.0.0.1')) {
            return json({ error: { code: 'VALIDATION_FAILED', message: 'Not a public address' } }, 400);
          }
          saved = endpoint(url);
          return json({ endpoint: saved });
        },
        '/api/account/webhooks/deliveries': () => json({ deliveries: [] }),
      },
    });
    renderTab();
    expect(await screen.findByText('Set an endpoint above to receive webhooks.')).toBeTruthy();
    const field = screen.getByLabelText('Endpoint URL');
    // The contract's rule first: nothing is sent for a malformed URL.
    fireEvent.change(field, { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText(/Please enter a valid URL/)).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(field, { target: { value: 'http://10.0.0.1/hooks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText('Not a public address')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: 'https://hooks.example.com/p' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText('Webhook endpoint saved')).toBeTruthy();
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).not.toContain('Q');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect(secret.textContent).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Hide secret' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('copies the secret', async () => {
    stubApi({
      routes: {
        '/api/account/webhooks': () => json({ endpoint: endpoint('https://hooks.example.com/p') }),
        '/api/account/webhooks/deliveries': () => json({ deliveries: [] }),
      },
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText('Signing secret copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);
  });

  it('lists deliveries with status and response, and resends one', async () => {
    const resent: string[] = [];
    const failed = delivery({
      id: '5a0c4d2e-0c1b-4b59-9d5e-2f4f1d1c0a02',
      eventType: 'credits.low',
      status: 'failed',
      attempts: 17,
      responseStatus: null,
      error: 'No answer within 10 s',
    });
    stubApi({
      routes: {
        '/api/account/webhooks': () => json({ endpoint: endpoint('https://hooks.example.com/p') }),
        '/api/account/webhooks/deliveries': () => json({ deliveries: [failed, delivery()] }),
        [`/api/account/webhooks/deliveries/${failed.id}/resend`]: () => {
          resent.push(failed.id);
          return json({ ...failed, status: 'pending' }, 202);
        },
      },
    });
    renderTab();
    const rows = await screen.findAllByTestId('webhook-delivery-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('credits.low')).toBeTruthy();
    expect(within(first).getByText('Failed')).toBeTruthy();
    expect(within(first).getByText('No answer within 10 s')).toBeTruthy();
    expect(within(first).getByText('17 attempts')).toBeTruthy();
    expect(within(second).getByText('Delivered')).toBeTruthy();
    expect(within(second).getByTestId('webhook-response').textContent).toBe('200');
    fireEvent.click(within(first).getByRole('button', { name: /^Resend credits\.low/ }));
    expect(await screen.findByText('The webhook is being sent again')).toBeTruthy();
    expect(resent).toEqual([failed.id]);
  });

  it('offers Try again when the settings cannot be loaded', async () => {
    stubApi({
      routes: {
        '/api/account/webhooks': () => json({ error: { code: 'INTERNAL', message: 'Down' } }, 500),
      },
    });
    renderTab();
    expect(await screen.findByText('The webhook settings could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a member who may manage webhooks and asks for none of the secret-bearing settings', async () => {
    const api = stubApi();
    renderTab(false);
    expect(screen.getByText(WEBHOOKS_MANAGED_BY_ADMINS)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('webhooks'))).toEqual(
      [],
    );
  });
});

describe('Settings → API for a member', () => {
  it('lists the workspace’s keys with no Create or Revoke', async () => {
    stubApi({
      routes: {
        '/api/account/api-keys': () =>
          json({
            keys: [
              {
                id: '0b7f2a4e-5d7c-4a8e-9a43-1f2e3d4c5b6a',
                name: 'HubSpot sync',
                start: 'pk_live_ab',
                createdAt: '2026-11-01T10:00:00.000Z',
                lastUsedAt: null,
              },
            ],
          }),
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ApiKeysCard canManage={false} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('HubSpot sync')).toBeTruthy();
    expect(screen.getByText(KEYS_MANAGED_BY_ADMINS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create Key/ })).toBeNull();
  });
});
