import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './support/console.ts';

test.describe('the API reference', () => {
  test('opens under the app’s CSP, with every service and no console error', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expect(page.getByRole('heading', { level: 1, name: /Prospector API/ })).toBeVisible();
    for (const service of ['account', 'marketing', 'extractor', 'database', 'billing']) {
      await expect(page.getByRole('heading', { level: 2, name: service, exact: true })).toBeVisible();
    }

    // A route opens to its schemas; styles applied (an inline style the CSP would refuse shows here).
    const credits = page.locator('details', { hasText: 'The workspace’s credits' });
    await credits.locator('summary').click();
    await expect(credits.getByText('balance: integer')).toBeVisible();
    await expect(credits.locator('.method')).toHaveCSS('color', 'rgb(255, 255, 255)');

    await page.getByRole('link', { name: '/api/docs/openapi.json' }).click();
    await expect(page).toHaveURL(/\/api\/docs\/openapi\.json$/);
    expect(errors).toEqual([]);
  });

  test('the public API reference: a quick start to copy, and no serious accessibility finding', async ({
    page,
  }) => {
    const response = await page.goto('/docs/api');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('region', { name: 'Quick start: start a run and read its results' }),
    ).toContainText('/api/v1/runs/$RUN_ID/results');
    // Every operation open, so its code boxes and badges are checked too.
    await page.locator('details').evaluateAll((all) => {
      for (const details of all) (details as HTMLDetailsElement).open = true;
    });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`)).toEqual(
      [],
    );
    // A scrollable code box is reached by the keyboard.
    await expect(page.locator('pre.schema').first()).toHaveAttribute('tabindex', '0');
  });
});
