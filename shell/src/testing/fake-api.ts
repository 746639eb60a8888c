import type { TProfile } from '@prospector/contracts';
import { fakeProfile } from '@prospector/contracts/testing';
import { vi } from 'vitest';

export { fakeProfile };

export const fakeSession = (profile: TProfile) => ({
  user: { id: profile.userId, email: profile.email, name: profile.fullName ?? '', emailVerified: true },
  session: { id: 'session-1', expiresAt: '2099-01-01T00:00:00.000Z' },
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An endpoint answer a test supplies; it sees the request, so it can answer by what was sent. */
export type TFakeRoute = (init?: RequestInit) => Response | Promise<Response>;

/**
 * Replaces `fetch` with the app's endpoints answering from memory: signed out when `profile` is
 * undefined. `routes` answer their paths first (a test's extra endpoints, or a failing one).
 * Returns the mock so tests can read the calls.
 */
export function stubApi({
  profile,
  credits = 25,
  held = 0,
  routes = {},
}: {
  profile?: TProfile;
  /** Available credits. */
  credits?: number;
  /** Credits reserved by running extractions, on top of the available ones. */
  held?: number;
  routes?: Record<string, TFakeRoute>;
} = {}) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const answer = routes[path];
    if (answer) return answer(init);
    if (path === '/api/auth/get-session') return json(profile ? fakeSession(profile) : null);
    if (!profile) return json({ error: { code: 'UNAUTHENTICATED', message: 'Not signed in' } }, 401);
    if (path === '/api/account/profile') return json(profile);
    if (path === '/api/billing/credits')
      return json({ balance: credits + held, available: credits, held, updatedAt: profile.updatedAt });
    if (path === '/api/database/stats')
      return json({ totalExtractions: 0, withEmail: 0, creditsUsed: 0, successRate: 0 });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
