import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { BODY_TOO_LARGE_MESSAGE, createApiGuard } from './api-guard.ts';

function appWith(options: Partial<Parameters<typeof createApiGuard>[0]> = {}) {
  let reached = 0;
  const app = new Hono();
  app.use('*', createApiGuard({ pathPrefixes: ['/api/billing'], bodyLimitBytes: 1024, ...options }));
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
});
