import { AUTH_PATHS } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startComposedApp, type TComposedApp } from '../testing/_composed-app.ts';

/**
 * The signed-in reads answer from a per-process session cache (packages/auth-client); a sign-out or
 * an erasure must still end access at once in every service, with the cache warm beforehand.
 */
const SIGNED_IN_READS = [
  '/api/account/profile',
  '/api/billing/credits',
  '/api/database/extractions',
  '/api/database/stats',
  '/api/extractor/runs',
];

let app: TComposedApp;
beforeAll(async () => {
  app = await startComposedApp('session-end');
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const statusesOf = (cookie: string) =>
  Promise.all(
    SIGNED_IN_READS.map(async (path) => {
      const response = await fetch(`${app.url}${path}`, { headers: { cookie } });
      await response.arrayBuffer();
      return [path, response.status] as const;
    }),
  );
/** Every read twice, so each service's cache holds the session. */
async function warm(cookie: string) {
  for (let round = 0; round < 2; round += 1)
    expect(await statusesOf(cookie)).toEqual(SIGNED_IN_READS.map((path) => [path, 200]));
}
const allRefused = SIGNED_IN_READS.map((path) => [path, 401]);

describe('a session ends everywhere at once', () => {
  it('after a sign-out, the next signed-in read of every service answers 401', async () => {
    const { cookie } = await app.signUp();
    await warm(cookie);
    const signedOut = await fetch(`${app.url}${AUTH_PATHS.signOut}`, {
      method: 'POST',
      headers: { cookie, origin: app.url },
    });
    expect(signedOut.status).toBe(200);
    expect(await statusesOf(cookie)).toEqual(allRefused);
  });

  it('after an erasure, the next signed-in read of every service answers 401', async () => {
    const { cookie } = await app.signUp();
    await warm(cookie);
    const erased = await fetch(`${app.url}/api/account/me`, {
      method: 'DELETE',
      headers: { cookie, origin: app.url },
    });
    expect(erased.status).toBe(204);
    expect(await statusesOf(cookie)).toEqual(allRefused);
  });
});
