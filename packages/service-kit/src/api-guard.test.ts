import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { BODY_TOO_LARGE_MESSAGE, CROSS_ORIGIN_MESSAGE, createApiGuard } from './api-guard.ts';
import { usePerPrefix } from './security-headers.ts';

function appWith(options: Partial<Parameters<typeof createApiGuard>[0]> = {}) {
  let reached = 0;
  const app = new Hono();
  usePerPrefix(app, ['/api/billing'], createApiGuard({ bodyLimitBytes: 1024, ...options }));
  app.post('/api/billing/subscription/cancel', async (c) => {
    reached += 1;
    return c.json({ cancelled: true, read: (await c.req.text()).length });
  });
  app.post('/api/billing/webhooks/stripe', (c) => c.json({ received: true }));
  app.post('/api/other/thing', async (c) => c.json({ read: (await c.req.text()).length }));
  app.get('/api/billing/subscription', (c) => c.json({ status: 'active' }));
  return { app, reached: () => reached };
}

const formPost = (headers: Record<string, string>, body = 'confirm=1') => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000', ...headers },
  body,
});

describe('createApiGuard: the same-origin check', () => {
  it('refuses a form another site (another port of this machine) auto-posts, before the route runs', async () => {
    const { app, reached } = appWith();
    for (const headers of <Array<Record<string, string>>>[
      { origin: 'http://localhost:4000', 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { referer: 'http://localhost:4000/attack.html' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await app.request('/api/billing/subscription/cancel', formPost(headers));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN', message: CROSS_ORIGIN_MESSAGE } });
    }
    expect(reached()).toBe(0);
  });

  it("lets the app's own pages, trusted origins and non-browser callers through", async () => {
    const { app, reached } = appWith({ trustedOrigins: ['https://app.example.com/'] });
    for (const headers of <Array<Record<string, string>>>[
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { referer: 'http://localhost:3000/settings' },
      { origin: 'https://app.example.com' },
      // Behind the edge the service is addressed by its own host; the edge passes the browser's.
      { host: '127.0.0.1:3105', 'x-forwarded-host': 'localhost:3000', origin: 'http://localhost:3000' },
      {},
    ]) {
      const response = await app.request('/api/billing/subscription/cancel', formPost(headers));
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
    expect(reached()).toBe(5);
  });

  it('leaves safe methods, signed webhooks and other services alone', async () => {
    const { app } = appWith({ crossOriginPaths: ['/api/billing/webhooks/stripe'] });
    const foreign = { origin: 'http://localhost:4000' };
    expect((await app.request('/api/billing/subscription', { headers: foreign })).status).toBe(200);
    expect((await app.request('/api/billing/webhooks/stripe', formPost(foreign))).status).toBe(200);
    expect((await app.request('/api/other/thing', formPost(foreign))).status).toBe(200);
  });
});

describe('createApiGuard: the body limit', () => {
  it('refuses a body over the limit with 413 and the JSON error body, before the route reads it', async () => {
    const { app, reached } = appWith();
    const response = await app.request(
      '/api/billing/subscription/cancel',
      formPost({ origin: 'http://localhost:3000' }, 'x'.repeat(1025)),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE },
    });
    expect(reached()).toBe(0);
  });

  it('counts a streamed body without a length too', async () => {
    const { app } = appWith();
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode('y'.repeat(200)));
        controller.close();
      },
    });
    const response = await app.request('/api/billing/subscription/cancel', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('takes a body within the limit', async () => {
    const { app } = appWith();
    const response = await app.request('/api/billing/subscription/cancel', formPost({}, 'x'.repeat(1024)));
    expect(await response.json()).toEqual({ cancelled: true, read: 1024 });
  });

  it('never asks a GET or HEAD for its body (on the Node server that builds the whole web Request)', async () => {
    const { app } = appWith();
    for (const method of ['GET', 'HEAD']) {
      let asked = false;
      const request = new Request('http://localhost/api/billing/subscription', { method });
      Object.defineProperty(request, 'body', {
        get() {
          asked = true;
          return null;
        },
      });
      expect((await app.fetch(request)).status, method).toBe(200);
      expect(asked, method).toBe(false);
    }
  });
});
