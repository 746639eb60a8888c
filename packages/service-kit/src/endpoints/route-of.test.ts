import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineEndpoint } from '@prospector/contracts';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createErrorHandler } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { createEndpointApp, routeOf } from './route-of.ts';

const RENAME = defineEndpoint({
  method: 'post',
  path: '/api/test/things/:id',
  summary: 'Rename a thing',
  auth: 'session',
  params: z.object({ id: z.string().regex(/^\d+$/, 'The id is a number') }),
  query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
  body: z.object({ name: z.string().min(1, 'Name is required') }),
  responses: { 200: { description: 'The thing.', body: z.object({ id: z.string(), name: z.string() }) } },
});

function appWith(gate: MiddlewareHandler) {
  const app = createEndpointApp().openapi(routeOf(RENAME, [gate]), (c) =>
    c.json(
      {
        id: c.req.valid('param').id,
        name: `${c.req.valid('json').name}${c.req.valid('query').dryRun === 'true' ? '?' : ''}`,
      },
      200,
    ),
  );
  app.onError(createErrorHandler(createLogger({ test: 'route-of' }, 'silent')));
  return app;
}

const open: MiddlewareHandler = async (_c, next) => next();
const post = (
  app: ReturnType<typeof appWith>,
  path: string,
  body: string,
  contentType = 'application/json',
) => app.request(path, { method: 'POST', body, headers: { 'content-type': contentType } });

describe('an endpoint served from its definition', () => {
  it('hands the handler its path parameters, query and body as the schemas output them', async () => {
    const answer = await post(appWith(open), '/api/test/things/42?dryRun=true', '{"name":"Ada"}');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: '42', name: 'Ada?' });
  });

  it('answers 400 VALIDATION_FAILED with the first rule’s message, for each part of the request', async () => {
    for (const [path, body, message] of [
      ['/api/test/things/x', '{"name":"Ada"}', 'The id is a number'],
      ['/api/test/things/1', '{"name":""}', 'Name is required'],
      ['/api/test/things/1?dryRun=maybe', '{"name":"Ada"}', undefined],
    ] as const) {
      const answer = await post(appWith(open), path, body);
      expect(answer.status).toBe(400);
      const { error } = (await answer.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('VALIDATION_FAILED');
      if (message) expect(error.message).toBe(message);
    }
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await post(
      appWith(open),
      '/api/test/things/1',
      'name=Ada',
      'application/x-www-form-urlencoded',
    );
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Media Type' },
    });
  });

  it('runs its middleware (the session check) before it reads the input', async () => {
    const refuse: MiddlewareHandler = async (c) =>
      c.json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401);
    expect((await post(appWith(refuse), '/api/test/things/x', 'not json')).status).toBe(401);
  });

  it('documents the errors every endpoint of its kind answers, beside its own answers', () => {
    const route = routeOf(RENAME);
    expect(Object.keys(route.responses).sort()).toEqual(['200', '400', '401', '403', '413', '415']);
    expect(route.path).toBe('/api/test/things/{id}');
  });
});

const CREDITS_BY_KEY = defineEndpoint({
  method: 'post',
  path: '/api/v1/things/:id',
  tags: ['Things'],
  summary: 'A thing by key',
  auth: 'api-key',
  params: z.object({ id: z.string() }),
  headers: z.object({ 'idempotency-key': z.string().max(10).optional() }),
  body: z.object({ name: z.string() }),
  responses: { 202: { description: 'Started.', body: z.object({ id: z.string() }) } },
  errors: ['CONFLICT'],
  errorNotes: { CONFLICT: 'the key was used with another body.' },
});

describe('an API-key endpoint', () => {
  const route = routeOf(CREDITS_BY_KEY);
  type TResponse = { description: string; headers?: object; content?: Record<string, unknown> };
  const responses = route.responses as unknown as Record<string, TResponse>;

  it('documents its failures as problem documents, its limit and its own notes', () => {
    expect(Object.keys(responses).sort()).toEqual(['202', '400', '401', '409', '413', '415', '429', '503']);
    for (const status of ['400', '401', '409', '413', '415', '429', '503']) {
      expect(Object.keys(responses[status]?.content ?? {})).toEqual(['application/problem+json']);
    }
    expect(responses['409']?.description).toBe('CONFLICT: the key was used with another body.');
    expect(Object.keys(responses['429']?.headers ?? {})).toEqual([
      'RateLimit-Policy',
      'RateLimit',
      'Retry-After',
    ]);
    expect(Object.keys(responses['202']?.headers ?? {})).toEqual(['RateLimit-Policy', 'RateLimit']);
    expect(route).toMatchObject({
      path: '/api/v1/things/{id}',
      tags: ['Things'],
      security: [{ ApiKey: [] }],
    });
  });

  it('validates its request headers', async () => {
    const app = createEndpointApp().openapi(routeOf(CREDITS_BY_KEY), (c) =>
      c.json({ id: `${c.req.valid('param').id}:${c.req.valid('header')['idempotency-key'] ?? ''}` }, 202),
    );
    app.onError(createErrorHandler(createLogger({ test: 'route-of' }, 'silent')));
    const send = (key: string) =>
      app.request('/api/v1/things/7', {
        method: 'POST',
        body: '{"name":"a"}',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
      });
    expect(await (await send('k1')).json()).toEqual({ id: '7:k1' });
    expect((await send('far-too-long-a-key')).status).toBe(400);
  });
});

describe('routes', () => {
  it('are endpoints everywhere: no raw createRoute outside routeOf', () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !path.endsWith('route-of.ts')) {
          if (/\bcreateRoute\s*\(/.test(readFileSync(path, 'utf8'))) offenders.push(relative(root, path));
        }
      }
    };
    for (const top of ['packages', 'services']) walk(join(root, top));
    expect(offenders.filter((path) => !path.endsWith('route-of.test.ts'))).toEqual([]);
  });
});
