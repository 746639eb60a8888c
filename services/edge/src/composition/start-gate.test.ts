import { describe, expect, it } from 'vitest';
import { createStartGate } from './start-gate.ts';

const answering = (name: string) => ({
  fetch: (request: Request) => new Response(`${name} ${new URL(request.url).pathname}`),
});
const get = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });
const settledWithin = async (promise: Promise<unknown> | unknown, ms = 30) =>
  Promise.race([
    Promise.resolve(promise).then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('start gate', () => {
  it("serves the web app's files before the services are up", async () => {
    const gate = createStartGate(answering('web'));
    for (const path of [
      '/',
      '/assets/index-AbCdEf12.js',
      '/remotes/billing/remoteEntry.js',
      '/favicon.svg',
    ]) {
      const response = await gate.fetch(get(path));
      expect(await response.text()).toBe(`web ${path}`);
    }
  });

  it('holds API requests, SPA routes and writes until the services are up, then hands them on', async () => {
    const gate = createStartGate(answering('web'));
    const held = [
      gate.fetch(get('/api/marketing/plans')),
      gate.fetch(get('/dashboard/database')),
      gate.fetch(get('/dev/mailbox')),
      gate.fetch(get('/', 'POST')),
    ];
    expect(await settledWithin(Promise.race(held))).toBe(false);

    gate.open(answering('app'));
    const texts = await Promise.all(held.map(async (response) => (await response).text()));
    expect(texts).toEqual([
      'app /api/marketing/plans',
      'app /dashboard/database',
      'app /dev/mailbox',
      'app /',
    ]);
    expect(await (await gate.fetch(get('/'))).text()).toBe('app /');
  });

  it('holds the files of a remote still building, and serves every other web file', async () => {
    const gate = createStartGate(answering('web'), ['extractor', 'billing']);
    const held = [
      gate.fetch(get('/remotes/extractor/remoteEntry.js')),
      gate.fetch(get('/remotes/billing/assets/index-AbCdEf12.js')),
    ];
    for (const path of ['/', '/remotes/marketing/remoteEntry.js', '/remotes/database/remoteEntry.js']) {
      expect(await (await gate.fetch(get(path))).text()).toBe(`web ${path}`);
    }
    expect(await settledWithin(Promise.race(held))).toBe(false);

    gate.open(answering('app'));
    const texts = await Promise.all(held.map(async (response) => (await response).text()));
    expect(texts).toEqual([
      'app /remotes/extractor/remoteEntry.js',
      'app /remotes/billing/assets/index-AbCdEf12.js',
    ]);
  });

  it('holds every request when it serves no web app (development)', async () => {
    const gate = createStartGate();
    const page = gate.fetch(get('/'));
    expect(await settledWithin(page)).toBe(false);
    gate.open(answering('app'));
    expect(await (await page).text()).toBe('app /');
  });

  it('answers held and later requests with a 503 when the start fails', async () => {
    const gate = createStartGate(answering('web'));
    const held = gate.fetch(get('/api/billing/credits'));
    gate.fail();
    for (const response of [await held, await gate.fetch(get('/api/account/profile'))]) {
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: 'Prospector could not start.' },
      });
    }
  });
});
