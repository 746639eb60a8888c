import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { HARNESS_API_STATUS_PATH, REMOTE_NAMES, type THarnessApiStatus } from '@prospector/contracts';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiStartCommand } from './harness-api-status.ts';

/**
 * Each remote's standalone dev harness (`pnpm --filter mfe-<name> dev`), its real Vite config, with
 * API_TARGET where nothing listens and then where an API answers.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** A stand-in API: its health answers 200 like every service's, and one data route. */
function startApi(port = 0): Promise<Server> {
  const server = createHttpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(req.url === '/api/account/health' ? { status: 'ok' } : { from: 'api', url: req.url }),
    );
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}
const close = (server: Server) => new Promise((done) => server.close(done));
const portOf = (server: Server) => (server.address() as AddressInfo).port;

let apiPort: number;
const harnesses = new Map<string, { server: ViteDevServer; url: string }>();

beforeAll(async () => {
  // A port that was free a moment ago: nothing answers there until the last test starts the API on it.
  const probe = await startApi();
  apiPort = portOf(probe);
  await close(probe);
  vi.stubEnv('API_TARGET', `http://127.0.0.1:${apiPort}`);
  // Started together: most of a start is loading the config, which the four wait on in turn otherwise.
  await Promise.all(
    REMOTE_NAMES.map(async (name) => {
      const root = join(REPO_ROOT, `mfe-${name}`);
      const server = await createServer({
        configFile: join(root, 'vite.config.ts'),
        configLoader: 'runner',
        root,
        logLevel: 'silent',
        server: { host: '127.0.0.1', port: 0, strictPort: false },
      });
      await server.listen();
      const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
      if (!url) throw new Error(`The mfe-${name} harness has no local address`);
      harnesses.set(name, { server, url });
    }),
  );
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([...harnesses.values()].map(({ server }) => server.close()));
});

const status = async (url: string) =>
  (await (await fetch(`${url}${HARNESS_API_STATUS_PATH}`)).json()) as THarnessApiStatus;

describe('a remote harness without its API', () => {
  for (const name of REMOTE_NAMES) {
    it(`mfe-${name}: says the API at API_TARGET is not reachable and how to start it`, async () => {
      const { url } = harnesses.get(name) ?? {};
      const target = `http://127.0.0.1:${apiPort}`;
      const message = `The API at ${target} is not reachable. Start it from the repository root with \`PORT=${apiPort} pnpm dev\`, or set API_TARGET to where it runs.`;

      expect(await status(String(url))).toEqual({
        target,
        reachable: false,
        startCommand: `PORT=${apiPort} pnpm dev`,
        message,
      });
      // The pages' own calls get the same sentence, in the API's error shape, instead of an empty 502.
      const call = await fetch(`${url}/api/billing/credits`);
      expect(call.status).toBe(502);
      expect(await call.json()).toEqual({ error: { code: 'API_UNREACHABLE', message } });
    });
  }

  it('passes /api through once the API answers, and says so', async () => {
    const { url } = harnesses.get('billing') ?? {};
    const api = await startApi(apiPort);
    try {
      await expect.poll(async () => (await status(String(url))).reachable, { timeout: 5_000 }).toBe(true);
      const call = await fetch(`${url}/api/billing/credits?x=1`);
      expect(call.status).toBe(200);
      expect(await call.json()).toEqual({ from: 'api', url: '/api/billing/credits?x=1' });
    } finally {
      await close(api);
    }
  });
});

describe('apiStartCommand', () => {
  it('is `pnpm dev` for the default target, names another local port, and has none for another host', () => {
    expect(apiStartCommand('http://127.0.0.1:3000')).toBe('pnpm dev');
    expect(apiStartCommand('http://localhost:3000/')).toBe('pnpm dev');
    expect(apiStartCommand('http://127.0.0.1:4100')).toBe('PORT=4100 pnpm dev');
    expect(apiStartCommand('https://staging.example.com')).toBeUndefined();
  });
});
