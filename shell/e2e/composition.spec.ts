import { rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { findLayoutProblems } from './support/layout-checks.ts';

// The composed app: the shell plus all four remotes, loaded at run time from the manifest, in both
// the embedded (one process) and the distributed (one process per service, PostgreSQL, NATS) setups.
// Dashboard pages need a session, so those visits use a freshly signed-up user.

const REPO_ROOT = resolve(import.meta.dirname, '../..');

const DASHBOARD_REMOTES = [
  { path: '/dashboard/instagram-info', remote: 'extractor', heading: 'Instagram Info Extractor' },
  { path: '/dashboard/instagram-database', remote: 'database', heading: 'Instagram Database' },
  { path: '/dashboard/billing', remote: 'billing', heading: 'Billing' },
] as const;

test.describe('the composed app', () => {
  test("/ renders the marketing remote's frame without console errors", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /extract/i }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test("every dashboard remote's frame renders without console errors", async ({ signedInPage: page }) => {
    const errors = collectConsoleErrors(page);
    for (const { path, heading } of DASHBOARD_REMOTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
  });

  // The toast store (sonner) is a federation singleton; the design system around it is bundled per frontend.
  test("a toast raised in a remote shows in the shell's notifications", async ({ signedInPage: page }) => {
    await page.route('**/api/extractor/search', (route) => route.abort());
    await page.goto('/dashboard/instagram-info');
    await page.getByRole('tab', { name: /Keyword/ }).click();
    await page.getByRole('textbox', { name: 'Keyword' }).fill('coffee');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('Error during search'),
    ).toBeVisible();
  });

  test('the dashboard frame has the sidebar and top bar', async ({ signedInPage: page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/dashboard/instagram-info');
    const sidebar = page.getByRole('navigation').filter({ hasText: 'TOOLS' }).first();
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Similar Accounts' })).toBeVisible();
    await expect(page.getByText('v1.0.0')).toBeVisible();
    await expect(page.getByPlaceholder('Search tools...')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/dashboard/billing?tab=plans',
    );
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('on a phone the top bar still shows the credits, the trial days and Upgrade, in short form', async ({
    signedInPage: page,
  }) => {
    for (const width of [375, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/dashboard');
      const bar = page.locator('header').first();
      await expect(bar.getByTestId('credits-badge')).toBeVisible();
      await expect(bar.getByTestId('credits-badge')).toHaveText('25 credits');
      // "15d left" on screen; screen readers hear "15 days left".
      await expect(bar.getByTestId('plan-status')).toBeVisible();
      await expect(bar.getByTestId('plan-status')).toHaveAttribute('title', '15 days left');
      await expect(bar.getByTestId('plan-status').locator('[aria-hidden="true"]')).toHaveText('15d left');
      const upgrade = bar.getByRole('link', { name: 'Upgrade' });
      await expect(upgrade).toHaveText('Upgrade', { useInnerText: true });
      // Everything in the row is on screen, none over another.
      const boxes = await bar
        .locator('[data-testid], a, button, input')
        .evaluateAll((elements) =>
          elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
        );
      for (const box of boxes) expect(box.right).toBeLessThanOrEqual(width);
      expect((await findLayoutProblems(page)).overlapped).toEqual([]);
      // The search box folds into its icon, and opens over the row when used.
      const search = page.getByPlaceholder('Search tools...');
      await search.click();
      await page.keyboard.type('data');
      await page.getByRole('option', { name: /Instagram Database/ }).click();
      await expect(page).toHaveURL(/\/dashboard\/instagram-database$/);
    }
  });

  test('the short tool paths lead to the dashboard tools', async ({ signedInPage: page }) => {
    await page.goto('/instagram-database');
    await expect(page).toHaveURL(/\/dashboard\/instagram-database$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram Database' })).toBeVisible();
  });

  test('a nonsense path shows the 404 page, and Return to Home goes home', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test('a mistyped dashboard address shows the 404 inside the app frame', async ({ signedInPage: page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/dashboard/no-such-tool');
    const main = page.locator('main#main');
    await expect(main.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByPlaceholder('Search tools...')).toBeVisible();
    await expect(page.getByTestId('credits-badge')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await main.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(errors).toEqual([]);
  });

  test('a remote whose files are missing shows a retryable error card; the rest still works', async ({
    signedInPage: page,
  }) => {
    // This project's server serves a deploy without the billing remote's files, as after a broken deploy.
    const billingDist = join(process.env.E2E_MISSING_REMOTE_ROOT as string, 'mfe-billing', 'dist');
    const missing = await page.request.get('/remotes/billing/remoteEntry.js');
    expect(missing.status()).toBe(404);

    await page.goto('/dashboard/billing');
    const card = page.getByRole('alert').filter({ hasText: "This section couldn't load" });
    await expect(card).toBeVisible();
    await expect(page.getByPlaceholder('Search tools...')).toBeVisible();

    // The other remotes are unaffected, inside the same page session.
    await page.getByRole('navigation').getByRole('link', { name: 'Similar Accounts' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Similar Accounts' })).toBeVisible();

    // Once the files are deployed, Try again loads the remote without a reload.
    await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).first().click();
    await expect(card).toBeVisible();
    symlinkSync(join(REPO_ROOT, 'mfe-billing', 'dist'), billingDist);
    try {
      await card.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    } finally {
      rmSync(billingDist, { force: true });
    }
  });

  test('every service answers its health check through this origin', async ({ request }) => {
    for (const name of ['account', 'marketing', 'extractor', 'database', 'billing']) {
      const response = await request.get(`/api/${name}/health`);
      expect(response.status(), name).toBe(200);
      expect(await response.json()).toMatchObject({ service: name, status: 'ok', down: [] });
    }
  });
});
