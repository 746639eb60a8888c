import { expect, test } from './support/_factories.ts';
import { findLayoutProblems, widthsBreakingWord } from './support/layout-checks.ts';

// The Billing issue end to end: a trial user buys Professional through the sandbox checkout, sees
// the plan and its credits everywhere (live, without a reload), cancels and reactivates.

test.describe('billing', () => {
  test('a trial user buys Professional, gets 10,025 credits live, cancels and reactivates', async ({
    signedInPage: page,
  }) => {
    // A second tab stays on the dashboard for the whole purchase: it must update without navigating.
    const watcher = await page.context().newPage();
    await watcher.goto('/dashboard');
    await expect(watcher.getByTestId('credits-badge')).toHaveText('25 credits');
    await expect(watcher.getByTestId('plan-status')).toHaveText('15 days left');
    let watcherNavigations = 0;
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) watcherNavigations += 1;
    });
    await watcher.evaluate(() => {
      (window as Window & { stillOpen?: boolean }).stillOpen = true;
    });

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/stripe\/success\?session_id=/);
    // Every address the tab passes through, so a stop at /onboarding on the way would be seen.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    // This user finished onboarding already: docs/product.md §2 sends them straight to the dashboard (the
    // 1 s + 2 s timing is checked on a fake clock in payment-success-page.test.tsx; a real clock on a loaded
    // machine cannot time it).
    await expect(page.getByText('Your subscription is active. Taking you to your dashboard…')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    expect(visited).not.toContain('/onboarding');

    await page.goto('/dashboard/billing');
    await expect(page.getByTestId('current-plan')).toHaveText('Professional Plan');
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await expect(page.getByTestId('subscription-period')).toHaveText(/^Renews on /);
    await expect(page.getByTestId('credits-remaining')).toHaveText('10,025');
    await expect(page.getByTestId('credits-badge')).toHaveText('10,025 credits');
    await expect(page.getByTestId('plan-status')).toHaveText('Professional Plan');

    // The credit history shows what each change was for: the trial grant, then the plan grant.
    const rows = page.getByTestId('credit-history-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('+10,000');
    // In words: the plan and the invoice's date (UTC, as the sandbox dates it), not the invoice id.
    const invoiceDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    await expect(rows.nth(0)).toContainText(
      `Professional plan — invoice of ${invoiceDay.format(new Date())}`,
    );
    await expect(rows.nth(0)).not.toContainText('in_sandbox');
    await expect(rows.nth(0)).toContainText('10,025');
    await expect(rows.nth(1)).toContainText('+25');
    await expect(rows.nth(1)).toContainText('Free trial credits');

    // The tab left open on the dashboard followed along live.
    await expect(watcher.getByTestId('credits-badge')).toHaveText('10,025 credits');
    await expect(watcher.getByTestId('plan-status')).toHaveText('Professional Plan');
    expect(watcherNavigations).toBe(0);
    expect(await watcher.evaluate(() => (window as Window & { stillOpen?: boolean }).stillOpen)).toBe(true);

    // Cancel (confirmed in a dialog): access lasts until the end date, and it can be undone.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('You keep your plan and its credits until');
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(page.getByTestId('subscription-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('subscription-period')).toHaveText(/^Access until /);

    await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await expect(page.getByTestId('subscription-period')).toHaveText(/^Renews on /);

    // Change Plan: the plan paid for cannot be bought again.
    await page.getByRole('tab', { name: 'Change Plan' }).click();
    await expect(page).toHaveURL(/tab=plans/);
    await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Choose Starter' })).toBeEnabled();
  });
});

test.describe('invoices', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}px an invoice appears after a sandbox payment, with the company's VAT number`, async ({
      signedInPage: page,
    }) => {
      await page.setViewportSize(viewport);
      const saved = await page.request.patch('/api/account/profile', {
        data: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          accountType: 'business',
          companyName: 'Engines Ltd',
          vatNumber: 'IT12345678901',
          country: 'Italy',
        },
      });
      expect(saved.status()).toBe(200);
      await page.goto('/dashboard/billing');
      await expect(page.getByText('No invoices yet. They appear here after each payment.')).toBeVisible();

      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Choose Starter' }).click();
      // The sandbox checkout fits the screen, the phone's included: no sideways scrolling, nothing cut off.
      await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
      expect(await findLayoutProblems(page)).toEqual({
        horizontalScroll: null,
        overlapped: [],
        clippedText: [],
      });
      const checkoutWidth = await page.locator('main').evaluate((main) => main.getBoundingClientRect().right);
      expect(checkoutWidth).toBeLessThanOrEqual(viewport.width);
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await page.goto('/dashboard/billing');

      const rows = page.getByTestId('invoice-row');
      await expect(rows).toHaveCount(1);
      const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
      await expect(rows.first()).toContainText(day);
      await expect(rows.first()).toContainText('Starter Plan — monthly');
      await expect(rows.first()).toContainText('$47.00');
      await expect(rows.first()).toContainText('Paid');
      expect((await findLayoutProblems(page)).horizontalScroll).toBeNull();

      await rows
        .first()
        .getByRole('button', { name: `View the invoice of ${day}` })
        .click();
      const invoice = page.getByTestId('invoice-document');
      await expect(invoice).toContainText('Engines Ltd');
      await expect(invoice).toContainText('VAT number: IT12345678901');
      await expect(invoice).toContainText('$47.00');
      await expect(
        page.getByRole('dialog').getByRole('heading', { name: /^Invoice in_sandbox_/ }),
      ).toBeVisible();
    });
  }
});

test.describe('checkout left unpaid, and the trial', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}px a cancelled checkout says nothing was charged; Billing shows the trial's end date`, async ({
      signedInPage: page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/billing');
      const trialEnd = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(
        new Date(Date.now() + 15 * 86_400_000),
      );
      await expect(page.getByTestId('subscription-period')).toHaveText(`Free trial until ${trialEnd}`);

      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Choose Starter' }).click();
      await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\//);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/pricing\?checkout=cancelled$/);
      await expect(page.getByTestId('checkout-cancelled')).toHaveText(
        'Payment cancelled — nothing was charged.',
      );
      expect((await findLayoutProblems(page)).horizontalScroll).toBeNull();
      // Nothing was bought: still the trial's credits, and no invoice.
      expect(await (await page.request.get('/api/billing/credits')).json()).toMatchObject({ available: 25 });
      expect(await (await page.request.get('/api/billing/invoices')).json()).toEqual({ invoices: [] });
    });
  }
});

test.describe('plan changes', () => {
  test('before paying, Change Plan says what happens to the plan, its credits and the price; after, the invoice says it', async ({
    signedInPage: page,
  }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    await page.goto('/dashboard/billing?tab=plans');
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Change to the Professional Plan?' })).toBeVisible();
    const explanation = dialog.getByTestId('plan-change-explanation');
    await expect(explanation).toContainText(
      'Your Starter Plan ends as soon as you pay: it is cancelled at once, with no refund and no proration for its remaining days',
    );
    await expect(explanation).toContainText(
      'Your 5,025 remaining credits stay yours: credits do not expire.',
    );
    await expect(explanation).toContainText(
      'The Professional Plan starts today at $87.00 a month, with 10,000 credits now and at each monthly renewal.',
    );
    // Keeping the plan asks nothing of the payment provider.
    await dialog.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/billing/);

    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    await page.goto('/dashboard/billing');
    await expect(page.getByTestId('current-plan')).toHaveText('Professional Plan');
    await expect(page.getByTestId('credits-remaining')).toHaveText('15,025');
    const rows = page.getByTestId('invoice-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Professional Plan — monthly');
    await expect(rows.nth(0).getByTestId('invoice-plan-change')).toHaveText(
      'Changed from the Starter Plan, ended at once',
    );
    await expect(rows.nth(1)).toContainText('Starter Plan — monthly');
    await expect(rows.nth(1).getByTestId('invoice-plan-change')).toHaveCount(0);
  });
});

test.describe('credit packs (top-ups)', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}px a subscriber buys 1,000 credits once, granted once under a replayed webhook`, async ({
      signedInPage: page,
    }) => {
      await page.setViewportSize(viewport);
      // A trial user is offered no pack: packs top up a plan.
      await page.goto('/dashboard/billing');
      await expect(page.getByTestId('current-plan')).toHaveText('Free Trial');
      await expect(page.getByRole('button', { name: 'Buy 1,000 credits' })).toHaveCount(0);

      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Choose Starter' }).click();
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

      // On /pricing too, a subscriber's own plan is not for sale, and another is explained before paying.
      await page.goto('/pricing');
      await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
      await page.getByRole('button', { name: 'Choose Professional' }).click();
      await expect(page.getByRole('alertdialog').getByTestId('plan-change-explanation')).toContainText(
        'Your Starter Plan ends as soon as you pay: it is cancelled at once, with no refund and no proration',
      );
      await page.getByRole('alertdialog').getByRole('button', { name: 'Keep my plan' }).click();

      await page.goto('/dashboard/billing');
      await expect(page.getByTestId('credits-remaining')).toHaveText('5,025');
      await page.getByRole('button', { name: 'Buy 1,000 credits' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText(
        'One payment of $19.00: your plan and its renewal stay as they are.',
      );
      await dialog.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\/cs_sandbox_\w+$/);
      const checkoutUrl = new URL(page.url()).pathname;
      await expect(
        page.getByRole('heading', { name: 'Prospector credit pack — 1,000 credits' }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Pay $19.00' }).click();

      // Back on the Billing page, with the pack in the credits, the invoices and the history.
      await expect(page).toHaveURL(/\/dashboard\/billing/);
      await expect(page.getByTestId('credits-remaining')).toHaveText('6,025');
      await expect(page.getByTestId('credits-badge')).toHaveText('6,025 credits');
      const invoices = page.getByTestId('invoice-row');
      await expect(invoices).toHaveCount(2);
      await expect(invoices.nth(0)).toContainText('Credit pack — 1,000 credits');
      await expect(invoices.nth(0)).toContainText('$19.00');
      await expect(invoices.nth(1)).toContainText('Starter Plan — monthly');
      const history = page.getByTestId('credit-history-row');
      await expect(history.nth(0)).toContainText('+1,000');
      await expect(history.nth(0)).toContainText('Credit pack — paid');
      expect((await findLayoutProblems(page)).horizontalScroll).toBeNull();

      // The payment's webhook events, delivered again under their own ids and under new ones.
      for (let replay = 0; replay < 2; replay += 1) {
        const resent = await page.request.post(`${checkoutUrl}/resend-events`);
        expect(resent.status()).toBe(200);
        expect(await resent.json()).toEqual({ delivered: 2 });
      }
      expect(await (await page.request.get('/api/billing/credits')).json()).toMatchObject({
        balance: 6025,
        available: 6025,
      });
      const ledger = await (await page.request.get('/api/billing/credits/history?page=1&pageSize=25')).json();
      expect(
        ledger.items
          .filter((item: { reason: string }) => item.reason === 'top_up')
          .map((item: { amount: number }) => item.amount),
      ).toEqual([1000]);
      await page.reload();
      await expect(page.getByTestId('credits-remaining')).toHaveText('6,025');
      await expect(page.getByTestId('invoice-row')).toHaveCount(2);
    });
  }
});

test.describe('billing on a phone', () => {
  test('the pricing subtitle keeps "e-mail" on one line', async ({ signedInPage: page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    expect(await widthsBreakingWord(page, 'p:has-text("Monthly credits for every plan")', 'e-mail')).toEqual(
      [],
    );
  });

  test('the credit history keeps every column on the screen', async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Professional' }).first().click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await page.goto('/dashboard/billing');
    const rows = page.getByTestId('credit-history-row');
    await expect(rows).toHaveCount(2);
    await rows.first().scrollIntoViewIfNeeded();
    const table = page.getByRole('table', { name: 'Credit history' });
    const container = page.locator('[data-slot="table-container"]').filter({ has: table });
    expect(await container.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expect(page.getByRole('columnheader', { name: 'Balance after' })).toBeInViewport({ ratio: 1 });
    await expect(rows.first().getByText('10,025')).toBeInViewport({ ratio: 1 });
  });
});
