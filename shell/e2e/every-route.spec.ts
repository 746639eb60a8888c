import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import {
  COOKIE_CONSENT_STORAGE_KEY,
  COOKIE_POLICY_VERSION,
} from '../../packages/contracts/src/marketing/consents.ts';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { findLayoutProblems } from './support/layout-checks.ts';

// Every route, as a new user sees it on a phone (the `mobile` project, 390×844): no sideways
// scrolling, nothing covering a button or link, no text cut off, no console errors, and no serious
// or critical accessibility violation (axe-core).

const SIGNED_OUT_ROUTES = ['/', '/terms', '/privacy-policy', '/auth', '/auth/callback', '/no-such-page'];
const SIGNED_IN_ROUTES = [
  '/',
  '/pricing',
  '/dashboard',
  '/dashboard/instagram-info',
  '/dashboard/instagram-database',
  '/dashboard/similar-accounts',
  '/dashboard/billing',
  '/dashboard/billing?tab=plans',
  '/dashboard/settings',
  '/dashboard/help',
];

/**
 * Pages whose remotes are being rebuilt: what the checks find there is attached to the report
 * (annotations) instead of failing the run. Remove a route once its page passes.
 */
export const ROUTES_NOT_ASSERTED_WHILE_REBUILT = new Set([
  '/dashboard/instagram-info',
  '/dashboard/instagram-database',
  '/dashboard/similar-accounts',
]);

const SERIOUS = new Set(['serious', 'critical']);

/** Waits until the page has its heading and nothing on it says it is still loading. */
async function settle(page: Page) {
  // Generous: the first visit downloads the remotes on a machine that may be busy.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-slot="skeleton"]'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

type TFinding = { route: string; check: string; detail: string };

async function inspect(page: Page, route: string): Promise<TFinding[]> {
  const findings: TFinding[] = [];
  const layout = await findLayoutProblems(page);
  if (layout.horizontalScroll)
    findings.push({ route, check: 'horizontal scroll', detail: layout.horizontalScroll });
  for (const detail of layout.overlapped) findings.push({ route, check: 'overlap', detail });
  for (const detail of layout.clippedText) findings.push({ route, check: 'clipped text', detail });
  const axe = await new AxeBuilder({ page }).analyze();
  for (const violation of axe.violations) {
    if (!SERIOUS.has(violation.impact ?? '')) continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
    findings.push({ route, check: `axe ${violation.id} (${violation.impact})`, detail: targets.join(', ') });
  }
  return findings;
}

/** Asserts the findings of the routes that must pass; reports the others. */
function judge(findings: TFinding[], testInfo: TestInfo) {
  const reported = findings.filter((finding) => ROUTES_NOT_ASSERTED_WHILE_REBUILT.has(finding.route));
  for (const finding of reported) {
    testInfo.annotations.push({
      type: 'not asserted (page being rebuilt)',
      description: `${finding.route}: ${finding.check}: ${finding.detail}`,
    });
  }
  const asserted = findings
    .filter((finding) => !ROUTES_NOT_ASSERTED_WHILE_REBUILT.has(finding.route))
    .map((finding) => `${finding.route}: ${finding.check}: ${finding.detail}`);
  expect(asserted).toEqual([]);
}

async function visitAll(page: Page, routes: string[], testInfo: TestInfo) {
  const findings: TFinding[] = [];
  for (const route of routes) {
    const errors = collectConsoleErrors(page);
    await page.goto(route);
    await settle(page);
    findings.push(...(await inspect(page, route)));
    for (const error of errors) findings.push({ route, check: 'console error', detail: error });
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  }
  judge(findings, testInfo);
}

test.describe('every route on a phone', () => {
  // One context per role walks many pages, each with an axe pass.
  test.setTimeout(600_000);
  test('signed out: the cookie banner, the landing menu, then every public route', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on Prospector' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toBeFocused();
    // The banner comes first in the tab order, its buttons next.
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Accept All' })).toBeFocused();

    // It never hides the page for good: at the end of the page every footer link can be used.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
    const footer = page.locator('footer');
    for (const link of await footer.locator('a, button').all()) {
      const covered = await link.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return !(hit && (hit === element || element.contains(hit)));
      });
      expect(covered, `footer ${await link.textContent()} is covered`).toBe(false);
    }
    judge(await inspect(page, '/ (with the cookie banner)'), testInfo);

    await banner.getByRole('button', { name: 'Accept Necessary Only' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(banner).toBeHidden();

    // The sections are reachable from a menu on a phone.
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Features' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();

    await visitAll(page, SIGNED_OUT_ROUTES, testInfo);
  });

  test('signed in: every route, and the navigation drawer', async ({ signedInPage: page }, testInfo) => {
    await page.addInitScript(
      ([key, version]) =>
        window.localStorage.setItem(
          key,
          JSON.stringify({
            necessary: true,
            analytics: false,
            marketing: false,
            functional: false,
            policyVersion: version,
          }),
        ),
      [COOKIE_CONSENT_STORAGE_KEY, COOKIE_POLICY_VERSION] as const,
    );
    await visitAll(page, SIGNED_IN_ROUTES, testInfo);

    // The drawer: its close button and the plan badge each have their own place.
    await page.goto('/dashboard');
    await settle(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer.getByTestId('plan-status')).toBeVisible();
    const layout = await findLayoutProblems(page);
    expect(layout.overlapped).toEqual([]);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });
});
