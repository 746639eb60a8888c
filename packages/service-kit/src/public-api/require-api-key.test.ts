import { createMemoryBus } from '@prospector/bus';
import { ACCOUNT_RPC, type TApiKeyCheckResponse } from '@prospector/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { publicApiMiddleware } from './public-api.ts';

const logger = createLogger({ test: 'require-api-key' }, 'silent');
const rateLimit = { limit: 10, remaining: 3, windowSeconds: 3600, resetSeconds: 120 };

describe('requireApiKey', () => {
  const buses: Array<{ drain(): Promise<void> }> = [];
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.drain();
  });

  async function appAnswering(answer: TApiKeyCheckResponse | Error) {
    const bus = createMemoryBus();
    buses.push(bus);
    const asked: unknown[] = [];
    await bus.reply(ACCOUNT_RPC.apiKey, async (data) => {
      asked.push(data);
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const [limit, key] = publicApiMiddleware(bus, logger) as [MiddlewareHandler, MiddlewareHandler];
    const app = new Hono().get('/api/v1/x', limit, key, (c) =>
      c.json({ user: (c.get as (key: string) => unknown)('user') }),
    );
    return { app, asked };
  }

  it('lets the key’s owner through with the RateLimit fields, asking on every request', async () => {
    const { app, asked } = await appAnswering({ status: 'ok', userId: 'u1', email: 'a@b.c', rateLimit });
    for (let i = 0; i < 2; i += 1) {
      const response = await app.request('/api/v1/x', { headers: { authorization: 'Bearer pk_secret' } });
      expect(response.status).toBe(200);
      // A key acts for its user's personal workspace (id = user id), with the least role.
      expect(await response.json()).toEqual({
        user: { userId: 'u1', email: 'a@b.c', workspaceId: 'u1', role: 'member' },
      });
      expect(response.headers.get('ratelimit-policy')).toBe('"hour";q=10;w=3600');
      expect(response.headers.get('ratelimit')).toBe('"hour";r=3;t=120');
    }
    expect(asked).toEqual([{ secret: 'pk_secret' }, { secret: 'pk_secret' }]);
  });

  it('answers 401, 429 with Retry-After, and 503 as problem documents', async () => {
    const missing = await (await appAnswering({ status: 'invalid' })).app.request('/api/v1/x');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');

    const invalid = await (await appAnswering({ status: 'invalid' })).app.request('/api/v1/x', {
      headers: { authorization: 'Bearer pk_revoked' },
    });
    expect(await invalid.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });

    const limited = await (
      await appAnswering({ status: 'limited', rateLimit: { ...rateLimit, remaining: 0 } })
    ).app.request('/api/v1/x', { headers: { authorization: 'Bearer pk_busy' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('120');
    expect(limited.headers.get('ratelimit')).toBe('"hour";r=0;t=120');
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      type: '/docs/api#error-rate_limited',
    });

    const down = await (await appAnswering(new Error('boom'))).app.request('/api/v1/x', {
      headers: { authorization: 'Bearer pk_any' },
    });
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });
});
