import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  EXTRACTOR_PATHS,
  LANDING_PRERENDER_ID,
  type TRun,
  ZRunDetailSchema,
  ZRunListSchema,
} from '@prospector/contracts';
import {
  COOKIE_CONSENT_STORAGE_KEY,
  COOKIE_POLICY_VERSION,
} from '../../packages/contracts/src/marketing/consents.ts';
import { expect, freshUsernames, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { findLayoutProblems } from './support/layout-checks.ts';

// Every route, as a new user sees it on a phone (the `mobile` project, 390×844): no sideways
// scrolling, nothing covering a button or link, no text cut off, no console errors, and no serious
// or critical accessibility violation (axe-core). The pages that fill up with use are checked again
// with content: the database empty and with saved rows, the extractor with a run going and another's
// results, the keyword and similar-accounts results.

const SIGNED_OUT_ROUTES = [
  '/',
  '/terms',
  '/privacy-policy',
  '/opt-out',
  '/auth',
  '/auth/callback',
  '/no-such-page',
];
const SIGNED_IN_ROUTES = [
  '/',
  '/pricing',
  '/dashboard',
  '/dashboard/instagram-info',
  '/dashboard/instagram-database',
  '/dashboard/lead-lists',
  '/dashboard/similar-accounts',
  '/dashboard/billing',
  '/dashboard/billing?tab=plans',
  '/dashboard/settings',
  '/dashboard/help',
  // A mistyped dashboard address: the 404 inside the app frame.
  '/dashboard/no-such-tool',
];
const EXTRACTOR = '/dashboard/instagram-info';
const DATABASE = '/dashboard/instagram-database';
const SIMILAR = '/dashboard/similar-accounts';

const SERIOUS = new Set(['serious', 'critical']);

/**
 * Waits until the page has its heading and nothing on it says it is still loading; on `/`, until the
 * live landing page has replaced the first screen the HTML came with.
 */
async function settle(page: Page) {
  // Generous: the first visit downloads the remotes on a machine that may be busy.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(`#${LANDING_PRERENDER_ID}`)).toHaveCount(0, { timeout: 30_000 });
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

/** Asserts that the checks found nothing. */
function judge(findings: TFinding[]) {
  expect(findings.map((finding) => `${finding.route}: ${finding.check}: ${finding.detail}`)).toEqual([]);
}

/** Runs the checks on what the page shows now, console errors since the last call included. */
async function inspectWithConsole(page: Page, route: string, errors: string[]): Promise<TFinding[]> {
  const findings = await inspect(page, route);
  for (const error of errors.splice(0)) findings.push({ route, check: 'console error', detail: error });
  return findings;
}

async function visitAll(page: Page, routes: string[]) {
  const errors = collectConsoleErrors(page);
  const findings: TFinding[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    findings.push(...(await inspectWithConsole(page, route, errors)));
  }
  judge(findings);
}

/** A signed-in user has answered the cookie banner already (necessary only), so it stays away. */
async function withCookieChoice(page: Page) {
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
}

/** The signed-in user's newest run of `source` once it has ended. */
async function endedRun(page: Page, source: TRun['source']): Promise<TRun> {
  let run: TRun | undefined;
  await expect
    .poll(
      async () => {
        const { runs } = ZRunListSchema.parse(await (await page.request.get(EXTRACTOR_PATHS.runs)).json());
        run = runs.find((candidate) => candidate.source === source);
        return run?.status;
      },
      { timeout: 60_000, message: `the ${source} run to end` },
    )
    .toMatch(/^(completed|cancelled|failed)$/);
  return run as TRun;
}

test.describe('every route on a phone', () => {
  // One context per role walks many pages, each with an axe pass.
  test.setTimeout(600_000);
  test('signed out: the cookie banner, the landing menu, then every public route', async ({ page }) => {
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
    judge(await inspect(page, '/ (with the cookie banner)'));

    await banner.getByRole('button', { name: 'Accept Necessary Only' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await settle(page);
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

    await visitAll(page, SIGNED_OUT_ROUTES);
  });

  test('signed in: every route, and the navigation drawer', async ({ signedInPage: page }) => {
    await withCookieChoice(page);
    await visitAll(page, SIGNED_IN_ROUTES);

    // The top bar keeps the plan status and the Upgrade label on a phone, in short form.
    await page.goto('/dashboard');
    await settle(page);
    const bar = page.locator('header').first();
    await expect(bar.getByTestId('plan-status')).toHaveText(/^15d left/);
    await expect(bar.getByTestId('plan-status')).toBeInViewport({ ratio: 1 });
    const upgrade = bar.getByRole('link', { name: 'Upgrade', exact: true });
    await expect(upgrade).toHaveText('Upgrade');
    await expect(upgrade).toBeInViewport({ ratio: 1 });
    // The drawer: its close button has its own place.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer.getByRole('link', { name: 'Billing' })).toBeVisible();
    const layout = await findLayoutProblems(page);
    expect(layout.overlapped).toEqual([]);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });

  test('signed in, with content: the database empty then full, a run going beside finished results, keyword and similar results', async ({
    signedInPage: page,
  }) => {
    await withCookieChoice(page);
    const errors = collectConsoleErrors(page);
    const findings: TFinding[] = [];
    const check = async (label: string) => findings.push(...(await inspectWithConsole(page, label, errors)));

    // The database before anything is saved: a phone shows cards, not a table, and the empty state
    // is all on screen.
    await page.goto(DATABASE);
    await settle(page);
    await expect(page.locator('[data-slot="table-container"]')).toHaveCount(0);
    const emptyState = [
      page.getByText('No extractions found matching your filters.'),
      page.getByText('Extract accounts with the Instagram Info tool and they will appear here.'),
    ];
    await emptyState[1]?.scrollIntoViewIfNeeded();
    for (const text of emptyState) await expect(text).toBeInViewport({ ratio: 1 });
    await check(`${DATABASE} (empty)`);

    // The extractor's source tabs (two by two on a phone), and the batch form with its file-upload control.
    await page.goto(EXTRACTOR);
    await settle(page);
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveCount(4);
    await page.getByRole('button', { name: 'Batch' }).click();
    await expect(page.getByRole('button', { name: 'Load from file' })).toBeVisible();
    await check(`${EXTRACTOR} (batch form)`);

    // Keyword tab: its results, three of them picked, then extracted in one run.
    await tabs.getByRole('tab', { name: 'Extract by Keyword' }).click();
    await page.getByRole('textbox', { name: 'Keyword' }).fill('vegan bakery');
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('list', { name: 'Accounts found' });
    await expect(found.getByRole('listitem').nth(2)).toBeVisible();
    for (const index of [0, 1, 2]) await found.getByRole('listitem').nth(index).getByRole('checkbox').check();
    await check(`${EXTRACTOR} (keyword results)`);
    await page.getByRole('button', { name: 'Start Extraction (3)' }).click();
    const keywordRun = await endedRun(page, 'keyword');
    expect(keywordRun.status).toBe('completed');
    // Its progress card goes 2 s after it ended, before the batch shows its own.
    const progress = page.getByTestId('run-progress');
    await expect(progress).toHaveCount(0);

    // A batch long enough to be still going while the keyword run's results are open beside it.
    await page.getByRole('tab', { name: 'Extract by Username' }).click();
    await page.getByRole('button', { name: 'Batch' }).click();
    await page.getByLabel('Usernames, one per line').fill(freshUsernames(20).join('\n'));
    await page.getByRole('button', { name: 'Extract 20 accounts' }).click();
    await expect(progress.getByTestId('progress-count')).toHaveText(/^\d+\/20$/);
    await page.goto(`${EXTRACTOR}?run=${keywordRun.id}`);
    await settle(page);
    // The keyword run is in focus: the batch going on is offered beside its results, not mixed in.
    const others = page.getByTestId('other-runs');
    await expect(others).toContainText('Also running: batch of 20 accounts');
    const keywordDetail = ZRunDetailSchema.parse(
      await (await page.request.get(EXTRACTOR_PATHS.run.replace(':runId', keywordRun.id))).json(),
    );
    await expect(page.getByTestId('run-results').getByTestId('result-card')).toHaveCount(
      keywordDetail.items.filter((item) => item.profile !== null).length,
    );
    await check(`${EXTRACTOR} (a run going, another's results)`);
    await others.getByRole('link', { name: 'View progress' }).click();
    await progress.getByRole('button', { name: 'Cancel' }).click();
    expect((await endedRun(page, 'batch')).status).toBe('cancelled');
    await expect(progress).toBeHidden();

    // The database with the saved rows: one card each, every control on screen (the card's Delete
    // opens its confirmation).
    await page.goto(DATABASE);
    await settle(page);
    const details = page.getByRole('button', { name: /^Details of @/ });
    await expect(details.nth(2)).toBeVisible();
    await check(`${DATABASE} (with rows)`);
    const remove = page.getByRole('button', { name: /^Delete @/ }).first();
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await remove.click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await check(`${DATABASE} (delete confirmation)`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await details.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /^@/ })).toBeVisible();
    await check(`${DATABASE} (a row's details)`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Similar accounts: the form, then its results.
    await page.goto(SIMILAR);
    await settle(page);
    await page.getByLabel('Instagram username').fill('natgeo');
    await page.getByRole('button', { name: 'Find Similar Accounts' }).click();
    await expect(
      page.getByRole('list', { name: 'Similar accounts' }).getByRole('listitem').first(),
    ).toBeVisible();
    await check(`${SIMILAR} (results)`);

    judge(findings);
  });
});
