import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BILLING_ENDPOINTS, EXTRACTOR_PATHS, TRIAL_EXPIRED_MESSAGE } from '@prospector/contracts';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { widthsBreakingWord } from './support/layout-checks.ts';
import { expireTrial, seedExtractions, signedInUserId } from './support/server-database.ts';

// docs/product.md §2 "Trial expired screen" and §4: once the 15-day trial is over and no subscription is active,
// every gated page shows the plans instead; Choose leads to pricing, Contact Sales to a mail message.

const PLANS = ['Starter', 'Professional', 'Enterprise'] as const;

/** A plan's card, found by the plan name in its heading. */
const planCard = (page: Page, name: string) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('trial expired', () => {
  test.beforeEach(async ({ signedInUser: user, request }) => {
    await expireTrial(user.email);
    // The account service itself now counts the trial as over, for a user who never subscribed.
    const profile = await request.get('/api/account/profile');
    expect(await profile.json()).toMatchObject({
      subscriptionStatus: 'trial',
      trialDaysLeft: 0,
      trialExpired: true,
    });
  });

  test('what the trial extracted can still be exported', async ({ signedInPage: page, request }) => {
    await seedExtractions(await signedInUserId(request), [
      { username: 'kept_lead', public_email: 'kept@example.com' },
      { username: 'no_mail_lead', public_email: null },
    ]);
    await page.goto('/dashboard/instagram-database');
    await expect(page.getByRole('heading', { level: 1, name: 'Trial Period Expired' })).toBeVisible();
    // Said once, where the export is: paying is not what keeps them.
    await expect(page.getByText('saved extractions')).toHaveCount(1);
    await expect(page.getByText('Your saved extractions stay yours.')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export them as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^instagram-extractions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv).toContain('kept_lead;');
    expect(csv).toContain('kept@example.com');
    expect(csv).not.toContain('no_mail_lead');
  });

  test('on a phone the subtitle keeps "e-mails" on one line', async ({ signedInPage: page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Trial Period Expired' })).toBeVisible();
    const subtitle = 'p:has-text("Your 15-day free trial has ended")';
    expect(await widthsBreakingWord(page, subtitle, 'e-mail')).toEqual([]);
  });

  test('the dashboard and a tool page show Trial Period Expired with three plans instead', async ({
    signedInPage: page,
  }) => {
    const errors = collectConsoleErrors(page);
    for (const { path, heading } of [
      { path: '/dashboard', heading: 'Welcome to your dashboard' },
      { path: '/dashboard/instagram-info', heading: 'Instagram Info Extractor' },
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Trial Period Expired' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Choose / })).toHaveText(
        PLANS.map((plan) => `Choose ${plan}`),
      );
      for (const plan of PLANS) await expect(planCard(page, plan)).toBeVisible();
      // Enterprise names its one extra, the list size the extractor allows it; the others do not claim it.
      const listLine = 'Follower, following and hashtag lists of up to 5,000 accounts';
      await expect(
        planCard(page, 'Enterprise').getByRole('listitem').filter({ hasText: listLine }),
      ).toHaveCount(1);
      await expect(page.getByRole('listitem').filter({ hasText: 'lists of up to' })).toHaveCount(1);
      // Instead of the page, not around it: no page heading, no sidebar.
      await expect(page.getByRole('heading', { name: heading })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Similar Accounts' })).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      'mailto:support@prospector.app',
    );
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);

    // Nothing else of the app is reachable from here, so the screen offers Sign Out itself.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Successfully logged out!')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('the server refuses the tools too: starting a run, keyword search and similar accounts answer 402', async ({
    request,
    baseURL,
  }) => {
    const headers = { origin: new URL(baseURL as string).origin };
    for (const [path, data] of [
      [EXTRACTOR_PATHS.runs, { usernames: ['natgeo'], source: 'single' }],
      [EXTRACTOR_PATHS.search, { keyword: 'coffee' }],
      [EXTRACTOR_PATHS.similar, { username: 'natgeo' }],
    ] as const) {
      const answer = await request.post(path, { headers, data });
      expect(answer.status(), path).toBe(402);
      expect(await answer.json()).toEqual({
        error: { code: 'TRIAL_EXPIRED', message: TRIAL_EXPIRED_MESSAGE },
      });
    }
    // What spends nothing stays open: the user's runs and credits.
    expect((await request.get(EXTRACTOR_PATHS.runs)).status()).toBe(200);
    expect(await (await request.get(BILLING_ENDPOINTS.credits.path)).json()).toMatchObject({
      balance: 25,
      held: 0,
    });
  });

  test('Choose on a plan opens pricing with that plan selected', async ({ signedInPage: page }) => {
    for (const plan of PLANS) {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: `Choose ${plan}` }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
      // The pricing screen marks the plan it was given (router state selectedPlan) as the current one.
      await expect(planCard(page, plan)).toHaveAttribute('aria-current', 'true');
      for (const other of PLANS.filter((name) => name !== plan)) {
        await expect(planCard(page, other)).not.toHaveAttribute('aria-current');
      }
    }
  });
});
