import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { LANDING_PRERENDER_FILE, LANDING_PRERENDER_ID } from '@prospector/contracts';
import { SESSION_COOKIE_NAME } from '@prospector/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, remoteDist } from '../paths.ts';
import { createWebRoot } from '../testing/_factories.ts';
import { composeLandingHtml, hasSessionCookie } from './landing-html.ts';
import { createWebRoutes } from './web.ts';

// As Vite writes the shell's page: scripts and styles in the head, the app's empty root in the body.
const SHELL_PAGE =
  '<!doctype html><html><head><title>Prospector</title>' +
  '<script type="module" crossorigin src="/assets/index-Bx7d9KQ2.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('the HTML for /', () => {
  const deploy = createWebRoot({ remotes: ['marketing'] });
  afterAll(deploy.remove);
  writeFileSync(join(deploy.root, 'shell', 'dist', 'index.html'), SHELL_PAGE);
  // As the marketing remote's build writes it (mfe-marketing/src/prerender).
  const prerender =
    `<div id="${LANDING_PRERENDER_ID}"><div class="flex min-h-screen flex-col bg-background">` +
    '<header><a href="/auth">Sign In</a></header>' +
    '<main class="flex-1"><section><h1 class="text-4xl">Extract public e-mails</h1></section></main></div></div>';
  const prerenderPath = join(deploy.root, 'mfe-marketing', 'dist', LANDING_PRERENDER_FILE);
  mkdirSync(dirname(prerenderPath), { recursive: true });
  writeFileSync(prerenderPath, prerender);
  const heading = /<h1[^>]*>.*?<\/h1>/.exec(prerender)?.[0];
  const web = createWebRoutes({ root: deploy.root });

  it("holds the hero's heading, ahead of the app's root, with the next downloads hinted", async () => {
    expect(heading).toMatch(/^<h1/);
    const response = await web.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const html = await response.text();
    expect(html).toContain(heading);
    expect(html.indexOf(`<div id="${LANDING_PRERENDER_ID}">`)).toBeLessThan(html.indexOf('<div id="root">'));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" href="/remotes/manifest.json" as="fetch" crossorigin>');
    expect(head).toContain('<link rel="modulepreload" href="/remotes/marketing/remoteEntry.js" crossorigin>');
  });

  it('is compressed once per build and revalidated by its ETag', async () => {
    const plain = await (await web.request('/')).text();
    const compressed = await web.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    const body = Buffer.from(await compressed.arrayBuffer());
    expect(Number(compressed.headers.get('content-length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(plain);

    const etag = compressed.headers.get('etag') ?? '';
    const again = await web.request('/', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);

    // A new marketing build (its hero changed) is a new page.
    writeFileSync(prerenderPath, prerender.replace('</h1>', ' today</h1>'));
    const changed = await web.request('/', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain(' today</h1>');
    writeFileSync(prerenderPath, prerender);
  });

  it('is the plain page on every other route', async () => {
    for (const path of ['/auth', '/dashboard', '/pricing', '/terms', '/index.html']) {
      const html = await (await web.request(path)).text();
      expect(html, path).toBe(SHELL_PAGE);
    }
  });

  it('is the plain page for a signed-in visitor, whose header differs from the prerendered one', async () => {
    for (const name of [SESSION_COOKIE_NAME, `__Secure-${SESSION_COOKIE_NAME}`]) {
      const response = await web.request('/', { headers: { Cookie: `theme=dark; ${name}=token.signature` } });
      expect(await response.text(), name).toBe(SHELL_PAGE);
      expect(response.headers.get('vary'), name).toBe('Accept-Encoding, Cookie');
    }
  });

  it('is the plain page when the marketing build has no prerender (a remote deployed elsewhere)', async () => {
    const elsewhere = createWebRoot({ remotes: [] });
    try {
      writeFileSync(join(elsewhere.root, 'shell', 'dist', 'index.html'), SHELL_PAGE);
      const moved = createWebRoutes({
        root: elsewhere.root,
        remoteEntries: { marketing: 'https://cdn.example.com/marketing/remoteEntry.js' },
      });
      expect(await (await moved.request('/')).text()).toBe(SHELL_PAGE);
    } finally {
      elsewhere.remove();
    }
  });
});

// The real builds, when there are: the marketing remote's prerender of its hero reaches `/` only.
const prerendered = join(remoteDist('marketing'), LANDING_PRERENDER_FILE);
const built = existsSync(prerendered) && existsSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'));
if (!built) {
  if (process.env.CI)
    throw new Error("The landing's prerender needs the web app built (`pnpm build`), and CI is set.");
  console.warn(
    '[landing prerender] the built-output check is skipped: the web app is not built (run `pnpm build`).',
  );
}

describe.skipIf(!built)('the HTML for / (built output)', () => {
  it("holds the hero's heading the marketing build rendered from its components; other routes do not", async () => {
    const web = createWebRoutes();
    const heading = /<h1[^>]*>.*?<\/h1>/.exec(readFileSync(prerendered, 'utf8'))?.[0];
    expect(heading).toMatch(/^<h1 class="[^"]+">[^<]+/);
    expect(await (await web.request('/')).text()).toContain(heading);
    for (const path of ['/auth', '/dashboard', '/pricing']) {
      const html = await (await web.request(path)).text();
      expect(html, path).not.toContain('<h1');
      expect(html, path).not.toContain(LANDING_PRERENDER_ID);
    }
  });
});

describe('composeLandingHtml', () => {
  const options = {
    indexPath: '',
    prerenderPath: '',
    manifestPath: '/remotes/manifest.json',
    marketingEntry: 'https://cdn.example.com/marketing/remoteEntry.js?v="1"',
  };

  it('hints a marketing entry served elsewhere, escaped', () => {
    const html = composeLandingHtml(SHELL_PAGE, '<div id="x"></div>', options);
    expect(html).toContain(
      '<link rel="modulepreload" href="https://cdn.example.com/marketing/remoteEntry.js?v=&quot;1&quot;" crossorigin>',
    );
    expect(html).toContain('<div id="x"></div><div id="root">');
  });

  it('leaves a page without a root element alone', () => {
    expect(
      composeLandingHtml('<html><head></head><body></body></html>', '<div></div>', options),
    ).toBeUndefined();
  });
});

describe('hasSessionCookie', () => {
  it('finds the session cookie by name only', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('theme=dark')).toBe(false);
    expect(hasSessionCookie(`x${SESSION_COOKIE_NAME}=1; theme=${SESSION_COOKIE_NAME}`)).toBe(false);
    expect(hasSessionCookie(`a=1;${SESSION_COOKIE_NAME}=t`)).toBe(true);
  });
});
