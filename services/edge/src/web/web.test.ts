import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ZErrorBodySchema } from '@prospector/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebRoot, remoteEntrySource, SHELL_INDEX_HTML } from '../testing/_factories.ts';
import { createWebRoutes } from './web.ts';

describe('createWebRoutes', () => {
  const deploy = createWebRoot({ remotes: ['marketing', 'extractor', 'database'] });
  afterAll(deploy.remove);
  const web = createWebRoutes({ root: deploy.root });

  it("answers a missing remote file with a plain 404, never the shell's index.html", async () => {
    for (const path of ['/remotes/billing/remoteEntry.js', '/remotes/extractor/assets/gone-Ab12Cd34.js']) {
      const response = await web.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('<html');
    }
  });

  it("serves a remote's files from its dist folder", async () => {
    const response = await web.request('/remotes/extractor/remoteEntry.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(remoteEntrySource('extractor'));
    // The entry's name never changes between deploys, so it must never be cached.
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it("falls back to the shell's index.html for the web app's own routes", async () => {
    for (const path of ['/', '/dashboard/billing', '/this/page/does-not-exist']) {
      const response = await web.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(SHELL_INDEX_HTML);
    }
  });

  it('lets hashed assets be cached for good', async () => {
    const response = await web.request('/assets/index-Bx7d9KQ2.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the runtime manifest, with entries moved elsewhere where configured', async () => {
    const moved = createWebRoutes({
      root: deploy.root,
      remoteEntries: { billing: 'https://cdn.example.com/billing/remoteEntry.js' },
    });
    const response = await moved.request('/remotes/manifest.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      remotes: [
        { name: 'marketing', entry: '/remotes/marketing/remoteEntry.js' },
        { name: 'extractor', entry: '/remotes/extractor/remoteEntry.js' },
        { name: 'database', entry: '/remotes/database/remoteEntry.js' },
        { name: 'billing', entry: 'https://cdn.example.com/billing/remoteEntry.js' },
      ],
    });
  });

  it('answers an unknown API path with the JSON error body, not the web app', async () => {
    for (const path of ['/api/nothing-here', '/api']) {
      const response = await web.request(path);
      expect(response.status, path).toBe(404);
      const body = ZErrorBodySchema.parse(await response.json());
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: `No route for GET ${path}` });
    }
  });

  it('says the web app is not built when the shell has no build', async () => {
    const unbuilt = createWebRoot({ remotes: [] });
    rmSync(join(unbuilt.root, 'shell', 'dist'), { recursive: true });
    try {
      const response = await createWebRoutes({ root: unbuilt.root }).request('/pricing');
      expect(response.status).toBe(503);
      expect(await response.text()).toBe('The web app is not built. Run `pnpm build`.');
    } finally {
      unbuilt.remove();
    }
  });

  it('sends the security headers with every page, remote file and API answer', async () => {
    for (const path of ['/', '/settings', '/remotes/extractor/remoteEntry.js', '/api/unknown']) {
      const response = await web.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
    expect((await web.request('/api/unknown')).headers.get('cache-control')).toBe('no-store');
  });

  it('lets the pages load a remote entry configured on another origin, and nothing else', async () => {
    const elsewhere = createWebRoutes({
      root: deploy.root,
      remoteEntries: { billing: 'https://cdn.example.com/billing/remoteEntry.js' },
    });
    const csp = (await elsewhere.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
  });
});
