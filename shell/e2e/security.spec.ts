import type { Page } from '@playwright/test';
import { expect, test } from './support/_factories.ts';

// Every route of the composed app runs under the Content-Security-Policy the edge and the services
// send, with nothing blocked; and a page on another origin cannot make a signed-in browser change state.

const SIGNED_OUT_ROUTES = [
  '/',
  '/auth',
  '/pricing',
  '/terms',
  '/privacy-policy',
  '/reset-password',
  '/no-such-page',
];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/dashboard/instagram-info',
  '/dashboard/instagram-database',
  '/dashboard/similar-accounts',
  '/dashboard/billing',
  '/dashboard/billing?tab=plans',
  '/dashboard/settings',
  '/dashboard/help',
  '/stripe/success',
];

// The Module Federation runtime and zod probe once whether `Function('')` may run, in a try/catch,
// and use their no-eval path when it may not. The policy forbids eval on purpose; those probes are
// the only thing it refuses, and nothing depends on them.
const isEvalProbe = (text: string) => /Evaluating a string as JavaScript|blocked eval /.test(text);

/** Records every CSP violation the page reports, as events and as console errors (eval probes aside). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      fromConsole.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}`,
      );
    });
  });
  return async () =>
    [
      ...fromConsole,
      ...(await page.evaluate(
        () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      )),
    ].filter((violation) => !isEvalProbe(violation));
}

async function visitAll(page: Page, routes: string[]) {
  const violations: string[] = [];
  for (const route of routes) {
    const collect = await watchViolations(page);
    const response = await page.goto(route);
    expect(response?.headers()['content-security-policy'], route).toContain("script-src 'self'");
    await page.waitForLoadState('networkidle');
    // Something of the page rendered, so its remote (if any) ran under the policy.
    await expect(page.locator('#root')).not.toBeEmpty({ timeout: 30_000 });
    violations.push(...(await collect()).map((violation) => `${route}: ${violation}`));
  }
  return violations;
}

test.describe('security of the composed app', () => {
  // Each visit waits for the network to settle; there are many routes.
  test.describe.configure({ timeout: 240_000 });

  test('every signed-out route loads under the CSP with no violation', async ({ page }) => {
    expect(await visitAll(page, SIGNED_OUT_ROUTES)).toEqual([]);
  });

  test('every signed-in route loads under the CSP with no violation', async ({ signedInPage: page }) => {
    expect(await visitAll(page, SIGNED_IN_ROUTES)).toEqual([]);
  });

  test('a form another origin auto-posts is refused and changes nothing', async ({
    signedInPage: page,
    baseURL,
  }) => {
    const app = new URL(baseURL as string);
    // Another port of the same host: same site for the browser, so the session cookie goes along.
    const attacker = `${app.protocol}//${app.hostname}:${Number(app.port) + 1}/attack.html`;
    const before = await page.request.get('/api/billing/subscription');
    await page.route(attacker, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" action="${app.origin}/api/billing/subscription/cancel"></form>
          <script>document.forms[0].submit()</script>`,
      }),
    );
    const refused = page.waitForResponse((response) => response.url().endsWith('/subscription/cancel'));
    await page.goto(attacker);
    const response = await refused;
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Requests from other sites are not allowed.' },
    });
    const after = await page.request.get('/api/billing/subscription');
    expect(await after.json()).toEqual(await before.json());
  });
});
