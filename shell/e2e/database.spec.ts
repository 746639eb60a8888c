import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { addMonths } from '@prospector/contracts';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { findLayoutProblems } from './support/layout-checks.ts';
import { seedExtractions, signedInUserId, type TSeedExtraction } from './support/server-database.ts';

// docs/product.md §2 "Database page", §5 "Export", §8 "Data management": the saved extractions of the signed-in
// user, filtered, paged, exported to CSV and deleted. Records are seeded into the server's database:
// they arrive from extraction runs, which no product endpoint creates directly.

const PATH = '/dashboard/instagram-database';

/** The records on the table's page: each has its Details button (not the empty state or skeletons). */
const recordRows = (page: Page) => page.getByRole('button', { name: /^Details of @/ });

/** Opens the page and waits for its remote (slow to arrive on a loaded machine). */
async function openDatabase(page: Page) {
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Instagram Database' })).toBeVisible({
    timeout: 90_000,
  });
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function downloadCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Selected' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^instagram-extractions-\d{4}-\d{2}-\d{2}\.csv$/);
  return readFile((await download.path()) as string, 'utf8');
}

test.describe('extraction database', () => {
  // Long journeys (thirty seeded records, two downloads): room for a loaded CI machine.
  test.describe.configure({ timeout: 240_000 });

  test('filters live in the URL, pages of 25, and a row opens the whole profile', async ({
    signedInPage: page,
    request,
  }) => {
    const errors = collectConsoleErrors(page);
    const records: TSeedExtraction[] = Array.from({ length: 30 }, (_, index) => ({
      username: `acct_${String(index).padStart(2, '0')}`,
      full_name: `Account ${index}`,
      public_email: index % 3 === 0 ? null : `hello${index}@brand.example`,
      follower_count: index * 100,
      following_count: 10,
      media_count: 5,
      is_verified: index % 5 === 0,
      is_private: false,
      category: index % 2 === 0 ? 'Food' : 'Art',
      biography: index === 7 ? 'Vegan <b>chef</b>\nin Rome' : 'Photographer',
      email_provenance:
        index % 3 === 0
          ? null
          : { provider: 'apify', field: 'business_email', fetchedAt: '2026-03-01T10:00:00.000Z' },
      minutesAgo: index,
    }));
    await seedExtractions(await signedInUserId(request), records);

    await openDatabase(page);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(recordRows(page)).toHaveCount(25);
    await expect(recordRows(page).first()).toContainText('@acct_00');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(recordRows(page)).toHaveCount(5);
    await expect(recordRows(page).last()).toContainText('@acct_29');

    await chooseOption(page, 'E-mail', 'With email only');
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await expect(recordRows(page)).toHaveCount(20);
    // A range that cannot match, or a bound that is not applied, says so rather than just showing nothing.
    await page.getByLabel('Followers minimum').fill('500');
    await page.getByLabel('Followers maximum').fill('100');
    await expect(page.getByText('The minimum is above the maximum: no account can match.')).toBeVisible();
    await expect(page.getByLabel('Followers minimum')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Followers maximum').fill('');
    await page.getByLabel('Media minimum').fill('-3');
    await expect(page.getByText('Whole numbers of 0 or more only: this limit is not applied.')).toBeVisible();
    await page.getByLabel('Media minimum').fill('');
    await page.getByLabel('Followers minimum').fill('1000');
    await page.getByLabel('Bio keywords').fill('photographer nothing');
    await expect(recordRows(page)).toHaveCount(14);
    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Food' }).click();
    await page.keyboard.press('Escape');
    await expect(recordRows(page)).toHaveCount(7);
    await expect(page).toHaveURL(/email=with/);
    await expect(page).toHaveURL(/followersMin=1000/);
    await expect(page).toHaveURL(/category=Food/);

    // A reload keeps the filters.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram Database' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(recordRows(page)).toHaveCount(7);
    await expect(page.getByLabel('Followers minimum')).toHaveValue('1000');
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();

    await page.getByLabel('Search by username or e-mail').fill('ACCT_07');
    await expect(recordRows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Details of @acct_07' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: '@acct_07' })).toBeVisible();
    await expect(dialog.getByText('hello7@brand.example')).toBeVisible();
    await expect(dialog.getByText('Apify')).toBeVisible();
    await expect(dialog.getByText('business e-mail field')).toBeVisible();
    // Scraped text is text: the tags show as typed, nothing is bold.
    await expect(dialog.getByText('Vegan <b>chef</b>')).toBeVisible();
    await expect(dialog.locator('b')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // The only request allowed to fail is the extractor's live event stream, absent where no extractor runs.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  test('export, delete one, delete the selection, then the empty state', async ({
    signedInPage: page,
    request,
  }) => {
    await seedExtractions(await signedInUserId(request), [
      {
        username: 'tricky',
        public_email: 'tricky@example.com',
        full_name: '=HYPERLINK("x")',
        biography: 'a; "b"\nc',
        minutesAgo: 1,
      },
      { username: 'plain', public_email: 'plain@example.com', follower_count: 12, minutesAgo: 2 },
      { username: 'nomail', public_email: null, minutesAgo: 3 },
    ]);
    await openDatabase(page);
    await expect(recordRows(page)).toHaveCount(3);
    await expect(page.getByRole('checkbox', { name: '@nomail has no e-mail' })).toBeDisabled();

    // Nothing selected: every row with an e-mail.
    const all = await downloadCsv(page);
    const lines = all.split('\n');
    expect(all.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      '\uFEFFusername;full_name;follower_count;following_count;media_count;is_verified;is_private;category;country;date_joined;external_url;public_email;biography;extraction_date',
    );
    expect(lines[1]).toMatch(/^tricky;"'=HYPERLINK\(""x""\)";;;;;;;;;;tricky@example\.com;"a; ""b""$/);
    expect(lines[2]).toMatch(/^c";\d{4}-/);
    expect(lines[3]).toMatch(/^plain;;12;/);
    expect(lines).toHaveLength(5);

    // Select All Page takes the two rows with an e-mail; exporting a selection exports only it.
    await page.getByRole('button', { name: 'Select All Page' }).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Selection' }).click();
    await page.getByRole('checkbox', { name: 'Select @plain' }).check();
    const selectedCsv = await downloadCsv(page);
    expect(selectedCsv.split('\n').filter((line) => line.startsWith('plain;'))).toHaveLength(1);
    expect(selectedCsv).not.toContain('tricky');

    // Delete one, after the confirmation; the figures follow.
    await page.getByRole('button', { name: 'Delete @nomail' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(recordRows(page)).toHaveCount(2);
    const total = page.locator('[data-slot="card"]').filter({ hasText: 'Total Extractions' });
    await expect(total).toContainText('2');

    // Delete the selection.
    await page.getByRole('button', { name: 'Select All Page' }).click();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Delete 2 extractions?')).toBeVisible();
    await expect(confirm.getByText('This removes them from your database.', { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No extractions found matching your filters.')).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await expect(total).toContainText('0');

    // Nothing left with an e-mail: the export says so instead of downloading an empty file.
    await page.getByRole('button', { name: 'Export Selected' }).click();
    await expect(page.getByText('No data to export')).toBeVisible();
  });

  test('on a phone each record is a card, its e-mail first, the filters folded behind a button', async ({
    signedInPage: page,
    request,
  }) => {
    await seedExtractions(await signedInUserId(request), [
      {
        username: 'a_rather_long_username_here',
        public_email: 'a-rather-long-address@example-company.com',
        follower_count: 12_345,
        following_count: 67,
        media_count: 8,
        biography: 'x '.repeat(200),
        minutesAgo: 1,
      },
      { username: 'nomail', public_email: null, category: 'Food', minutesAgo: 2 },
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await openDatabase(page);
    const cards = page.getByTestId('extraction-card');
    await expect(cards).toHaveCount(2);
    await expect(page.locator('[data-slot="table-container"]')).toHaveCount(0);
    const first = cards.first();
    await expect(
      first.getByRole('button', { name: 'Details of @a_rather_long_username_here' }),
    ).toBeVisible();
    await expect(first.getByText('a-rather-long-address@example-company.com')).toBeVisible();
    await expect(first.getByText('12,345')).toBeVisible();
    // The first card is on the first screen: the filters are folded, not a screen and a half above it.
    const box = await first.boundingBox();
    expect((box?.y ?? 9999) + (box?.height ?? 0)).toBeLessThan(844);
    await expect(page.getByLabel('Followers minimum')).toBeHidden();
    expect(await findLayoutProblems(page)).toEqual({
      horizontalScroll: null,
      overlapped: [],
      clippedText: [],
    });

    // Unfolded, the filters work as on a wide screen, and the folded button counts them.
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await chooseOption(page, 'E-mail', 'Without email only');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('No e-mail');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await expect(page.getByLabel('Followers minimum')).toBeHidden();
  });

  test('on a laptop the table fits its card; the columns picked are remembered', async ({
    signedInPage: page,
    request,
  }) => {
    await seedExtractions(await signedInUserId(request), [
      {
        username: 'a_rather_long_username_for_a_table',
        full_name: 'A Full Name That Goes On And On For Quite A While',
        public_email: 'a-rather-long-address-for-a-table@example-company.com',
        follower_count: 123_456_789,
        category: 'Personal blog and much more besides',
        biography: 'word '.repeat(100),
      },
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDatabase(page);
    await expect(recordRows(page)).toHaveCount(1);
    const table = page.locator('[data-slot="table-container"]');
    const fits = () => table.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(await fits()).toBe(true);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport();
    await expect(page.getByRole('columnheader', { name: 'Bio' })).toHaveCount(0);
    expect((await findLayoutProblems(page)).horizontalScroll).toBeNull();

    // Bio joins the table, cut to its width; the whole of it is in the details.
    await page.getByRole('button', { name: 'Columns' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Username' })).toBeDisabled();
    await page.getByRole('menuitemcheckbox', { name: 'Email Status' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Bio' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'Bio' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Email Status' })).toHaveCount(0);
    expect(await fits()).toBe(true);
    await page.reload();
    await expect(recordRows(page)).toHaveCount(1, { timeout: 90_000 });
    await expect(page.getByRole('columnheader', { name: 'Bio' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Email Status' })).toHaveCount(0);
    await recordRows(page).click();
    await expect(page.getByRole('dialog').getByText('word '.repeat(100).trim())).toBeVisible();
  });

  test('each record says its age and when it expires; a re-check renews it for free, once a day', async ({
    signedInPage: page,
    request,
  }) => {
    const errors = collectConsoleErrors(page);
    // Saved 300 days ago; the sandbox still shows the account, with an e-mail.
    const username = `shop_withemail_${Date.now().toString(36)}`;
    const savedAt = new Date(Date.now() - 300 * 24 * 3_600_000);
    await seedExtractions(await signedInUserId(request), [
      { username, public_email: `old@${username}.example`, follower_count: 1, minutesAgo: 300 * 24 * 60 },
    ]);
    await openDatabase(page);
    await expect(page.getByTestId('retention-note')).toHaveText(
      'Saved records are removed 12 months after their data was fetched. Re-check a record (free, once a day) to fetch it again and keep it another 12 months.',
    );
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Details of @${username}` }) });
    const day = (date: Date) =>
      date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    await expect(row).toContainText('9 months old');
    await expect(row).toContainText(`Expires ${day(addMonths(savedAt, 12))}`);
    const credits = await page.getByTestId('credits-badge').textContent();

    // The re-check fetches the profile again: fresh data, a new fetch date, another 12 months.
    await row.getByRole('button', { name: `Re-check @${username}` }).click();
    await expect(page.getByText(`@${username} re-checked`)).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('Fetched today');
    await expect(row).toContainText(`Expires ${day(addMonths(new Date(), 12))}`);
    await expect(row).not.toContainText(`old@${username}.example`);
    // Free: the balance did not move.
    await expect(page.getByTestId('credits-badge')).toHaveText(credits ?? '');

    // A second one the same day is refused, saying when it may run.
    await row.getByRole('button', { name: `Re-check @${username}` }).click();
    await expect(
      page.getByText(
        /^This record was re-checked less than a day ago\. You can re-check it again after .+ UTC\.$/,
      ),
    ).toBeVisible();
    await row.getByRole('button', { name: `Details of @${username}` }).click();
    const saved = page.getByRole('dialog').getByTestId('saved-data-section');
    await expect(saved).toContainText(/Re-checked less than a day ago: you can re-check it again after/);
    await expect(saved.getByRole('button', { name: 'Re-check' })).toBeDisabled();
    expect(errors.filter((error) => !/429/.test(error))).toEqual([]);
  });
});
