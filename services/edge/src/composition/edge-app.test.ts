import { serve } from '@hono/node-server';
import { ZErrorBodySchema } from '@prospector/contracts';
import { createLogger, notFoundHandler } from '@prospector/service-kit';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebRoot, SHELL_INDEX_HTML } from '../testing/_factories.ts';
import { createEdgeApp } from './edge-app.ts';

// A stand-in service that knows one route and answers everything else as every service does.
const upstream = new Hono()
  .notFound(notFoundHandler)
  .get('/api/account/health', (c) => c.json({ service: 'account', status: 'ok' }));

describe('the distributed web edge', () => {
  const deploy = createWebRoot({ remotes: ['marketing'] });
  let server: ReturnType<typeof serve>;
  let edge: ReturnType<typeof createEdgeApp>;
  const request = (path: string, init?: RequestInit) =>
    edge.request(`http://127.0.0.1${path}`, init, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });

  beforeAll(async () => {
    const port = await new Promise<number>((ready) => {
      server = serve({ fetch: upstream.fetch, port: 0, hostname: '127.0.0.1' }, (info) => ready(info.port));
    });
    const url = `http://127.0.0.1:${port}`;
    edge = createEdgeApp(
      { account: url, marketing: url, extractor: url, database: url, billing: url },
      createLogger({ service: 'edge' }, 'silent'),
      { web: { root: deploy.root } },
    );
  });
  afterAll(async () => {
    deploy.remove();
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('answers an /api path no service owns with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await request('/api/nothing-here/at-all', { method });
      expect(response.status, method).toBe(404);
      expect(ZErrorBodySchema.parse(await response.json()).error).toEqual({
        code: 'NOT_FOUND',
        message: `No route for ${method} /api/nothing-here/at-all`,
      });
    }
  });

  it("passes a service's own JSON 404 through and its routes as they are", async () => {
    const missing = await request('/api/account/nothing-here');
    expect(missing.status).toBe(404);
    expect(ZErrorBodySchema.parse(await missing.json()).error.code).toBe('NOT_FOUND');
    expect((await request('/api/account/health')).status).toBe(200);
    expect(await (await request('/api/edge/health')).json()).toEqual({ service: 'edge', status: 'ok' });
  });

  it("still serves the shell for the web app's routes and 404s a missing remote file", async () => {
    const page = await request('/dashboard/instagram-info');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(SHELL_INDEX_HTML);
    const remote = await request('/remotes/billing/remoteEntry.js');
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toContain('<html');
  });
});
