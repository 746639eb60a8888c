import { LANDING_PRERENDER_ID } from '@prospector/contracts';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { holdMarketingEntry, recordLayoutShifts } from './support/landing.ts';

// The landing's first screen (header and hero) comes in the HTML for `/`, prerendered from the
// marketing remote's components at build time; the live page replaces it once it has rendered.

const PRERENDERED = `#${LANDING_PRERENDER_ID}`;

test.describe('the landing page', () => {
  test('shows its hero before the app loads, then the live page takes over in place: one hero, nothing moved', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const layoutShift = await recordLayoutShifts(page);
    const release = await holdMarketingEntry(page);
    await page.goto('/');

    // Before the marketing remote arrives: the prerendered header and hero, with links that work
    // without the app, and the app's own tree (still loading) hidden.
    const copy = page.locator(PRERENDERED);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(copy.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(heading).toHaveCount(1);
    await expect(copy.getByRole('link', { name: 'Start Free Trial' }).first()).toHaveAttribute(
      'href',
      '/auth',
    );
    await expect(copy.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '#pricing');
    await expect(page.locator('#root')).toBeHidden();
    const headingText = await heading.textContent();
    const before = await heading.boundingBox();

    release();
    await expect(copy).toHaveCount(0);
    await expect(page.locator('#root')).toBeVisible();
    await expect(page.locator('#root').getByRole('heading', { level: 2 }).first()).toBeVisible();
    // One hero, in the very place the copy had it, and no other h1 anywhere (hidden ones included).
    await expect(heading).toHaveCount(1);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(heading).toHaveText(headingText ?? '');
    expect(await heading.boundingBox()).toEqual(before);
    expect(await layoutShift()).toBeLessThan(0.01);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('a link in the prerendered header works before the app has loaded', async ({ page }) => {
    await holdMarketingEntry(page);
    await page.goto('/');
    await page.locator(PRERENDERED).getByRole('link', { name: 'Sign In' }).first().click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('if the marketing remote cannot load, its error card replaces the copy', async ({ page }) => {
    await page.route('**/remotes/marketing/remoteEntry.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('alert').filter({ hasText: "This section couldn't load" })).toBeVisible();
    await expect(page.locator(PRERENDERED)).toHaveCount(0);
  });

  test('with reduced motion asked for, a spinner turns once instead of forever', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const spinnerMotion = () =>
      page.evaluate(() => {
        const spinner = document.createElement('span');
        spinner.className = 'animate-spin';
        document.body.append(spinner);
        const { animationIterationCount, animationDuration } = getComputedStyle(spinner);
        spinner.remove();
        return `${animationIterationCount} × ${animationDuration}`;
      });
    expect(await spinnerMotion()).toBe('1 × 0.001s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await spinnerMotion()).toBe('infinite × 1s');
  });

  test('only / carries the copy', async ({ page }) => {
    const landing = await (await page.request.get('/')).text();
    expect(landing).toContain(`<div id="${LANDING_PRERENDER_ID}">`);
    for (const path of ['/auth', '/pricing', '/dashboard', '/terms']) {
      expect(await (await page.request.get(path)).text(), path).not.toContain(LANDING_PRERENDER_ID);
    }
  });

  test('a signed-in visitor, whose header offers the dashboard, gets the plain page and the live landing', async ({
    signedInPage: page,
  }) => {
    expect(await (await page.request.get('/')).text()).not.toContain(LANDING_PRERENDER_ID);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});
