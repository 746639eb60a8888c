import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireRole } from './require-role.ts';
import { requireUser } from './require-user.ts';
import { createFetchSessionVerifier, createHttpSessionVerifier } from './session-verifier.ts';

const SESSIONS: Record<string, unknown> = {
  good: {
    session: { id: 's1' },
    user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
    workspace: { id: 'w1', role: 'admin' },
  },
  member: {
    session: { id: 's2' },
    user: { id: 'u2', email: 'bob@example.com', name: 'Bob' },
    workspace: { id: 'w1', role: 'member' },
  },
  // An account service that names no workspace is failing: never a guessed workspace or role.
  noWorkspace: { session: { id: 's3' }, user: { id: 'u3', email: 'cy@example.com', name: 'Cy' } },
  badRole: {
    session: { id: 's4' },
    user: { id: 'u4', email: 'di@example.com', name: 'Di' },
    workspace: { id: 'w1', role: 'superuser' },
  },
};

/** A stand-in account app answering get-session like better-auth (with the workspace plugin) does. */
const accountApp = new Hono().get('/api/auth/get-session', (c) => {
  const token = /prospector\.session_token=(\w+)/.exec(c.req.header('cookie') ?? '')?.[1] ?? '';
  return c.json(SESSIONS[token] ?? null);
});

function serviceWith(verifier: Parameters<typeof requireUser>[0]) {
  return new Hono()
    .get('/api/demo/me', requireUser(verifier), (c) => c.json(c.get('user')))
    .get('/api/demo/admin', requireUser(verifier), requireRole('admin'), (c) => c.json({ ok: true }))
    .get('/api/demo/owner', requireUser(verifier), requireRole('owner'), (c) => c.json({ ok: true }));
}

const as = (token: string) => ({ headers: { cookie: `prospector.session_token=${token}` } });

describe('requireUser', () => {
  const service = serviceWith(createFetchSessionVerifier(async (request) => accountApp.fetch(request)));

  it('puts the verified user, their name, their active workspace and role on the context', async () => {
    const response = await service.request('/api/demo/me', {
      headers: {
        cookie: 'prospector.session_token=good',
        'x-user-id': 'someone-else',
        'x-workspace-id': 'w2',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      userId: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      workspaceId: 'w1',
      role: 'admin',
    });
  });

  it('answers 503, not a guess, when the session names no workspace or an unknown role', async () => {
    for (const token of ['noWorkspace', 'badRole']) {
      const response = await service.request('/api/demo/me', as(token));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    }
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
    const response = await down.request('/api/demo/me', as('good'));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
  });
});

describe('requireRole', () => {
  const service = serviceWith(createFetchSessionVerifier(async (request) => accountApp.fetch(request)));

  it('lets the role and those above it through, and refuses the rest with 403 FORBIDDEN', async () => {
    expect((await service.request('/api/demo/admin', as('good'))).status).toBe(200);
    const member = await service.request('/api/demo/admin', as('member'));
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Only a workspace owner or admin can manage members.' },
    });
    const admin = await service.request('/api/demo/owner', as('good'));
    expect(admin.status).toBe(403);
    expect(await admin.json()).toMatchObject({ error: { message: 'Only a workspace owner can do this.' } });
  });
});
