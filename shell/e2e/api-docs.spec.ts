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
    const credits = page.locator('details', { hasText: 'The signed-in user’s credits' });
    await credits.locator('summary').click();
    await expect(credits.getByText('balance: integer')).toBeVisible();
    await expect(credits.locator('.method')).toHaveCSS('color', 'rgb(255, 255, 255)');

    await page.getByRole('link', { name: '/api/docs/openapi.json' }).click();
    await expect(page).toHaveURL(/\/api\/docs\/openapi\.json$/);
    expect(errors).toEqual([]);
  });
});
