import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../http-server.ts';
import { httpMetrics, serviceOfPath } from './http-metrics.ts';
import { metricsHandler } from './metrics-route.ts';
import { metricsRegistry, trackBusLag, trackOutboxLag, trackPool } from './registry.ts';

const seriesOf = async (name: string) => (await metricsRegistry.getSingleMetricAsString(name)).split('\n');

describe('metrics', () => {
  const app = new Hono();
  app.use('*', httpMetrics());
  app.get('/api/billing/runs/:id', (c) => c.json({ id: c.req.param('id') }));
  app.get('/metrics', metricsHandler({ token: 'scrape-secret' }));

  it('times requests by route pattern, never by raw path', async () => {
    for (const id of ['r-1', 'r-2', 'r-3']) await app.request(`/api/billing/runs/${id}`);
    await app.request('/api/billing/nothing/here');
    const lines = await seriesOf('http_request_duration_seconds');
    const count = lines.find(
      (line) =>
        line.startsWith('http_request_duration_seconds_count') &&
        line.includes('route="/api/billing/runs/:id"') &&
        line.includes('service="billing"') &&
        line.includes('status="200"'),
    );
    expect(count?.split(' ').at(-1)).toBe('3');
    expect(lines.some((line) => line.includes('r-1'))).toBe(false);
    expect(lines.some((line) => line.includes('route="unmatched"') && line.includes('status="404"'))).toBe(
      true,
    );
  });

  it('names the service from the path', () => {
    expect(serviceOfPath('/api/extractor/runs')).toBe('extractor');
    expect(serviceOfPath('/api/auth/get-session')).toBe('account');
    expect(serviceOfPath('/pricing')).toBe('web');
  });

  it('answers only the bearer of METRICS_TOKEN when one is set', async () => {
    expect((await app.request('/metrics')).status).toBe(404);
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
    const response = await app.request('/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('http_request_duration_seconds_bucket');
  });

  describe('without a token', () => {
    const open = new Hono().get('/metrics', metricsHandler());
    let server: Awaited<ReturnType<typeof listen>> | undefined;
    afterAll(() => server?.close());

    it('answers clients on this machine only', async () => {
      // No socket at all (an in-process call): not known to be local, so refused.
      expect((await open.request('/metrics')).status).toBe(404);
      server = await listen(open, 0, '127.0.0.1');
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
    });
  });

  it('reports outbox lag and pool use from what services register, until they stop', async () => {
    const writtenAt = new Date(Date.now() - 42_000);
    const untrackOutbox = trackOutboxLag({ service: 'billing', oldestUnpublishedAt: () => writtenAt });
    const untrackPool = trackPool({
      service: 'billing',
      max: 4,
      connectionsByState: async () => [
        { state: 'active', count: 3 },
        { state: 'idle', count: 1 },
      ],
    });
    const lag = (await seriesOf('outbox_oldest_unpublished_age_seconds')).find((line) =>
      line.startsWith('outbox_oldest_unpublished_age_seconds{service="billing"}'),
    );
    expect(Number(lag?.split(' ').at(-1))).toBeGreaterThanOrEqual(42);
    expect(await seriesOf('db_pool_connections')).toContain(
      'db_pool_connections{service="billing",state="active"} 3',
    );
    expect(await seriesOf('db_pool_max_connections')).toContain(
      'db_pool_max_connections{service="billing"} 4',
    );

    untrackOutbox();
    untrackPool();
    expect((await seriesOf('outbox_oldest_unpublished_age_seconds')).some((l) => l.includes('billing'))).toBe(
      false,
    );
  });

  it('reports consumer lag per durable once per bus, however many services share it', async () => {
    const bus = {
      consumerLag: async () => [{ stream: 'CREDITS', durable: 'account-credits', pending: 7, ackPending: 2 }],
    };
    const untrackBilling = trackBusLag(bus);
    const untrackAccount = trackBusLag(bus);
    expect(await seriesOf('bus_consumer_pending_messages')).toContain(
      'bus_consumer_pending_messages{stream="CREDITS",durable="account-credits"} 7',
    );
    expect(await seriesOf('bus_consumer_ack_pending_messages')).toContain(
      'bus_consumer_ack_pending_messages{stream="CREDITS",durable="account-credits"} 2',
    );
    untrackBilling();
    expect((await seriesOf('bus_consumer_pending_messages')).some((l) => l.includes('account-credits'))).toBe(
      true,
    );
    untrackAccount();
    expect((await seriesOf('bus_consumer_pending_messages')).some((l) => l.includes('account-credits'))).toBe(
      false,
    );
  });
});
