import type { APIRequestContext, Page } from '@playwright/test';
import type { TRun } from '@prospector/contracts';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { emailWraps } from './support/layout-checks.ts';

// docs/architecture.md §14 end to end: a batch in which one e-mail cannot receive mail. The sandbox
// simulates DNS: `acme.bounce` shows an address on a domain without a mail server, `lena.withemail` one
// on a domain that takes mail, and `bakery.withemail` (a business) `info@` on one that takes mail. The
// undeliverable one costs nothing and says so on its card and in the run's row; the role address is
// deliverable, marked as a role address, and kept by "Deliverable only"; the Database page filters by
// status and by address type.

const EXTRACTOR = '/dashboard/instagram-info';
const DATABASE = '/dashboard/instagram-database';
const TRIAL_CREDITS = 25;

async function newestRunWhenDone(request: APIRequestContext): Promise<TRun> {
  let run: TRun | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/extractor/runs');
        run = ((await response.json()) as { runs: TRun[] }).runs[0];
        return run?.status;
      },
      { message: 'the run to end', timeout: 60_000 },
    )
    .toMatch(/^(completed|cancelled|failed)$/);
  return run as TRun;
}

const cardOf = (page: Page, username: string) =>
  page.getByTestId('result-card').filter({ has: page.getByText(`@${username}`, { exact: true }) });

test.describe('e-mail deliverability', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an undeliverable e-mail is not charged and says so; a role address stays deliverable; the status and address type filters', async ({
    signedInPage: page,
    request,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(EXTRACTOR);
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram Info Extractor' })).toBeVisible({
      timeout: 90_000,
    });
    await page.getByRole('button', { name: 'Batch' }).click();
    await page
      .getByLabel('Usernames, one per line')
      .fill(['lena.withemail', 'acme.bounce', 'bakery.withemail'].join('\n'));
    await page.getByRole('button', { name: 'Extract 3 accounts' }).click();

    const run = await newestRunWhenDone(request);
    expect(run).toMatchObject({
      status: 'completed',
      processed: 3,
      emailsFound: 3,
      emailsUndeliverable: 1,
      creditsUsed: 2,
    });
    await expect(page.getByTestId('credits-badge')).toHaveText(`${TRIAL_CREDITS - 2} credits`);

    const results = page.getByTestId('run-results');
    await expect(results.getByTestId('result-card')).toHaveCount(3);
    const bounced = cardOf(page, 'acme.bounce');
    await expect(bounced.getByTestId('email-status')).toHaveText('Undeliverable');
    await expect(bounced.getByTestId('email-status')).toHaveAttribute(
      'title',
      'no mail server for this domain — no credit charged',
    );
    await expect(bounced.getByTestId('result-not-charged')).toHaveText('Not charged — undeliverable');
    const lena = cardOf(page, 'lena.withemail');
    await expect(lena.getByTestId('email-status')).toHaveText('Deliverable');
    await expect(lena.getByTestId('result-not-charged')).toHaveCount(0);
    await expect(lena.getByTestId('email-role')).toHaveCount(0);
    const bakery = cardOf(page, 'bakery.withemail');
    await expect(bakery.getByTestId('result-email')).toContainText('info@bakerywithemail.example.com');
    await expect(bakery.getByTestId('email-status')).toHaveText('Deliverable');
    await expect(bakery.getByTestId('email-role')).toHaveText('Role address');
    // The run's row says why it used fewer credits than it found e-mails.
    await expect(page.getByTestId('recent-run').first().getByTestId('recent-run-not-charged')).toHaveText(
      'Not charged — undeliverable: 1',
    );

    await page.goto(DATABASE);
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram Database' })).toBeVisible({
      timeout: 90_000,
    });
    const rows = page.getByRole('button', { name: /^Details of @/ });
    await expect(rows).toHaveCount(3);
    const choose = async (filter: string, option: string) => {
      await page.getByRole('combobox', { name: filter }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    const shown = async () => (await rows.allTextContents()).sort();

    // "Deliverable only" keeps the role address: half of a business's leads are info@ or hello@.
    await choose('E-mail status', 'Deliverable only');
    await expect(page).toHaveURL(/[?&]emailStatus=deliverable/);
    await expect(rows).toHaveCount(2);
    expect(await shown()).toEqual(['@bakery.withemail', '@lena.withemail']);
    await choose('Address type', 'Role addresses only');
    await expect(page).toHaveURL(/[?&]emailRole=role/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveText('@bakery.withemail');
    await expect(page.getByTestId('email-role').first()).toHaveText('Role address');
    await choose('Address type', 'Personal only');
    await expect(page).toHaveURL(/[?&]emailRole=personal/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveText('@lena.withemail');

    await choose('Address type', 'All');
    await choose('E-mail status', 'Undeliverable only');
    await expect(page).toHaveURL(/[?&]emailStatus=undeliverable/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveText('@acme.bounce');

    await choose('E-mail status', 'All');
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: 'Details of @acme.bounce' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('email-status-reason')).toHaveText('No mail server for this domain');
    await expect(dialog.getByText('Credits used').locator('xpath=following-sibling::dd[1]')).toHaveText('0');

    expect(errors).toEqual([]);
  });

  test('a long address wraps only after its @ or a dot, on a result card at 1280 and 390 and a database card', async ({
    signedInPage: page,
    request,
  }) => {
    // `…bounce…`: "First.Last@dolcevitabakerybounce.example.com", long enough to wrap, on a domain without
    // a mail server, so it costs nothing.
    const username = 'dolcevita.bakery.bounce';
    await page.goto(EXTRACTOR);
    await page.getByRole('button', { name: 'Batch' }).click();
    await page.getByLabel('Usernames, one per line').fill([username, 'marco.noemail'].join('\n'));
    await page.getByRole('button', { name: 'Extract 2 accounts' }).click();
    expect(await newestRunWhenDone(request)).toMatchObject({ status: 'completed' });
    await expect(cardOf(page, username).getByTestId('email-status')).toHaveText('Undeliverable');

    let wrapped = 0;
    for (const width of [1280, 390, 375, 414]) {
      await page.setViewportSize({ width, height: 844 });
      const found = await emailWraps(page, '[data-testid="result-card"]');
      expect(found.problems, `result card at ${width}px`).toEqual([]);
      wrapped += found.wrapped;
    }
    // The rule was put to work: the address took more than one line at a phone's width.
    expect(wrapped).toBeGreaterThan(0);
    // Copying it gives the address whole.
    const shown = cardOf(page, username).locator('[data-slot="email-address"]');
    const address = (await shown.textContent()) ?? '';
    expect(address).toMatch(/^[A-Za-z.]+@dolcevitabakerybounce\.example\.com$/);
    await expect(shown).toHaveAttribute('title', address);

    // The Database page's cards on a phone use the same rule.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(DATABASE);
    await expect(page.getByRole('button', { name: `Details of @${username}` })).toBeVisible({
      timeout: 90_000,
    });
    const databaseCards = await emailWraps(page, 'main');
    expect(databaseCards.problems).toEqual([]);
    expect(databaseCards.wrapped).toBeGreaterThan(0);
  });
});
