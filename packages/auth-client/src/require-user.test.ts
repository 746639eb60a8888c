import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireUser } from './require-user.ts';
import { createFetchSessionVerifier, createHttpSessionVerifier } from './session-verifier.ts';

/** A stand-in account app answering get-session like better-auth does. */
const accountApp = new Hono().get('/api/auth/get-session', (c) =>
  c.req.header('cookie') === 'prospector.session_token=good'
    ? c.json({ session: { id: 's1' }, user: { id: 'u1', email: 'ada@example.com', name: 'Ada' } })
    : c.json(null),
);

function serviceWith(verifier: Parameters<typeof requireUser>[0]) {
  return new Hono().get('/api/demo/me', requireUser(verifier), (c) => c.json(c.get('user')));
}

describe('requireUser', () => {
  const service = serviceWith(createFetchSessionVerifier(async (request) => accountApp.fetch(request)));

  it('puts the verified user on the context', async () => {
    const response = await service.request('/api/demo/me', {
      headers: { cookie: 'prospector.session_token=good', 'x-user-id': 'someone-else' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId: 'u1', email: 'ada@example.com' });
  });

  it('answers 401 UNAUTHENTICATED without a valid session', async () => {
    for (const headers of [{}, { cookie: 'prospector.session_token=forged' }] as Record<string, string>[]) {
      const response = await service.request('/api/demo/me', { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Failed to authenticate. Please try signing in again.' },
      });
    }
  });

  it('answers 503 when the account service cannot be reached', async () => {
    const down = serviceWith(createHttpSessionVerifier('http://127.0.0.1:1'));
    const response = await down.request('/api/demo/me', {
      headers: { cookie: 'prospector.session_token=good' },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
  });
});
