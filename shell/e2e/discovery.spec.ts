import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { EXTRACTOR_PATHS, SIMILAR_ACCOUNTS_CSV_COLUMNS, ZRunListSchema } from '@prospector/contracts';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';

// Discovery end to end: find accounts by keyword and extract a few of them in one run, then find
// accounts similar to one and copy or download them. The sandbox provider answers both lookups.

const PHONE = { width: 390, height: 844 };

/** The page fits its width: nothing scrolls sideways (a long username or a row of buttons included). */
async function expectNoHorizontalScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test.describe('discovery', () => {
  test('keyword search: pick three accounts, Start Extraction (3), and find them in the database', async ({
    signedInPage: page,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/dashboard/instagram-info');
    await page.getByRole('tab', { name: 'Extract by Keyword' }).click();

    // Blank: the spec's message, and nothing is searched.
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a keyword' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Keyword' }).fill('vegan bakery');
    await page.getByRole('button', { name: 'Search' }).click();
    const list = page.getByRole('list', { name: 'Accounts found' });
    await expect(list.getByRole('listitem').nth(2)).toBeVisible();
    const picked: string[] = [];
    for (const index of [0, 1, 2]) {
      const checkbox = list.getByRole('listitem').nth(index).getByRole('checkbox');
      picked.push(((await checkbox.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
      // Keyboard: focus the row's checkbox and tick it with Space.
      await checkbox.focus();
      await page.keyboard.press('Space');
      await expect(checkbox).toHaveAttribute('data-state', 'checked');
    }
    expect(picked.every((username) => username.length > 0)).toBe(true);

    await page.getByRole('button', { name: 'Start Extraction (3)' }).click();

    // The run the button started finishes: three accounts, all processed.
    await expect
      .poll(
        async () => {
          const { runs } = ZRunListSchema.parse(await (await page.request.get(EXTRACTOR_PATHS.runs)).json());
          const run = runs.find((candidate) => candidate.source === 'keyword');
          return run && { status: run.status, total: run.total, processed: run.processed };
        },
        { timeout: 60_000, message: 'the keyword run to complete' },
      )
      .toEqual({ status: 'completed', total: 3, processed: 3 });

    await page.goto('/dashboard/instagram-database');
    for (const username of picked) {
      await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(1);
    }

    // The same search again leaves out what was just extracted, and says so (docs/product.md §5).
    await page.goto('/dashboard/instagram-info');
    await page.getByRole('tab', { name: 'Extract by Keyword' }).click();
    await page.getByRole('textbox', { name: 'Keyword' }).fill('vegan bakery');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('hidden-note')).toHaveText('3 already extracted accounts hidden');
    for (const username of picked) {
      await expect(list.getByRole('checkbox', { name: `Select ${username}`, exact: true })).toHaveCount(0);
    }

    await page.setViewportSize(PHONE);
    await expect(list).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });

  test('keyword search: after extracting the whole first page, searching again reaches the next page, and Extract all works', async ({
    signedInPage: page,
  }) => {
    // Two runs, an account every 1.5 s (E2E_RUN_PACING).
    test.setTimeout(180_000);
    const errors = collectConsoleErrors(page);
    /** The keyword runs, newest first, once none is queued or running. */
    const finishedKeywordRuns = async (count: number) => {
      let totals: number[] = [];
      await expect
        .poll(
          async () => {
            const { runs } = ZRunListSchema.parse(
              await (await page.request.get(EXTRACTOR_PATHS.runs)).json(),
            );
            const keyword = runs.filter((run) => run.source === 'keyword');
            totals = keyword.map((run) => run.total);
            return keyword.map((run) => run.status);
          },
          { timeout: 90_000, message: `${count} keyword run(s) to complete` },
        )
        .toEqual(Array(count).fill('completed'));
      return totals;
    };
    // The list is virtualised: its length is in its counts, not in the rows in the page.
    const listed = async () =>
      Number((await page.getByTestId('list-counts').textContent())?.split(' of ')[1]?.split(' ')[0]);

    // The sandbox's 'coffee' finds 12 accounts on its first page, then 4 more pages of 25.
    await page.goto('/dashboard/instagram-info?source=keyword');
    await page.getByRole('textbox', { name: 'Keyword' }).fill('coffee');
    await page.getByRole('button', { name: 'Search' }).click();
    const list = page.getByRole('list', { name: 'Accounts found' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('list-counts')).toHaveText('12 of 12 shown · 0 selected');
    await page.getByRole('checkbox', { name: 'Select All' }).check();
    await page.getByRole('button', { name: 'Start Extraction (12)' }).click();
    expect(await finishedKeywordRuns(1)).toEqual([12]);

    // The same search again: the first page is all extracted, so the service goes on to the next one.
    await page.goto('/dashboard/instagram-info?source=keyword');
    await page.getByRole('textbox', { name: 'Keyword' }).fill('coffee');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('skipped-pages-note')).toHaveText(
      'Skipped 1 page of already-extracted accounts',
    );
    await expect(page.getByTestId('hidden-note')).toHaveText('12 already extracted accounts hidden');
    await expect(page.getByTestId('list-counts')).toHaveText('25 of 25 shown · 0 selected');
    await expect(page.getByText('No results')).toHaveCount(0);
    // And on: the provider has more pages.
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(listed).toBe(50);

    // "Extract all (n)" extracts every account shown, as the other lists do: here the verified ones.
    await page.getByRole('checkbox', { name: 'Verified only' }).check();
    const verified = Number((await page.getByTestId('list-counts').textContent())?.split(' of ')[0]);
    expect(verified).toBeGreaterThan(0);
    await expect(page.getByTestId('cost-estimate')).toHaveText(
      `Extracting all shown: up to ${verified} credit${verified === 1 ? '' : 's'}; you pay only for e-mails found.`,
    );
    await page.getByRole('button', { name: `Extract all (${verified})` }).click();
    expect(await finishedKeywordRuns(2)).toEqual([verified, 12]);
    expect(errors).toEqual([]);
  });

  test('similar accounts: copy a username and download the Username,Platform CSV', async ({
    signedInPage: page,
    baseURL,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/dashboard/similar-accounts');

    await page.getByRole('button', { name: 'Find Similar Accounts' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter an Instagram username' }),
    ).toBeVisible();

    await page.getByLabel('Instagram username').fill('natgeo');
    await page.getByRole('button', { name: 'Find Similar Accounts' }).click();
    const grid = page.getByRole('list', { name: 'Similar accounts' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    // The rows in view (the list is virtualised), each judged before spending: reach, category, badges.
    const shown = (await grid.getByTestId('account-username').allTextContents()).map((text) =>
      text.replace(/^@/, ''),
    );
    const total = Number((await page.getByTestId('similar-total').textContent())?.split(' ')[0]);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(total);
    await expect(page.getByTestId('list-counts')).toHaveText(`${total} of ${total} shown · 0 selected`);
    for (const text of await grid.getByRole('listitem').allTextContents())
      expect(text).toMatch(/\d+(\.\d)?[KM]? followers?/);

    const first = shown[0] as string;
    const copy = page.getByRole('button', { name: `Copy ${first}`, exact: true });
    await copy.click();
    await expect(copy).toHaveAttribute('data-copied', 'true');
    await expect(page.getByTestId('copy-announcement')).toHaveText(`Copied ${first} to the clipboard`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    // The tick goes back to the copy icon (after 2 s; the exact time is checked on a fake clock).
    await expect(copy).not.toHaveAttribute('data-copied', 'true');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('similar-accounts-natgeo.csv');
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe(SIMILAR_ACCOUNTS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1, shown.length + 1)).toEqual(shown.map((username) => `${username},Instagram`));

    await page.setViewportSize(PHONE);
    await expect(grid).toBeVisible();
    await expectNoHorizontalScroll(page);
    // Each username is read whole on a phone (no hover title there): wrapped, never cut.
    const cut = await grid
      .getByTestId('account-username')
      .evaluateAll((names) =>
        names
          .filter(
            (name) =>
              getComputedStyle(name).textOverflow === 'ellipsis' || name.scrollWidth > name.clientWidth + 1,
          )
          .map((name) => name.textContent),
      );
    expect(cut).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('similar accounts: filter, select with the cost estimate, extract, and find it in the database next time', async ({
    signedInPage: page,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/dashboard/similar-accounts');
    await page.getByLabel('Instagram username').fill('bella.bakery');
    await page.getByRole('button', { name: 'Find Similar Accounts' }).click();
    const grid = page.getByRole('list', { name: 'Similar accounts' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText('In database')).toHaveCount(0);

    // Most followers first, then pick the top one: the estimate says what it may cost.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Most followers' }).click();
    const top = grid.getByRole('listitem').first();
    const username = ((await top.getByTestId('account-username').textContent()) ?? '').replace(/^@/, '');
    await top.getByRole('checkbox').check();
    await expect(page.getByTestId('cost-estimate')).toHaveText(
      'Up to 1 credit; you pay only for e-mails found.',
    );
    await page.getByRole('button', { name: 'Extract selected (1)' }).click();
    // The run opens on the info extractor, where it finishes.
    await expect(page).toHaveURL(/\/dashboard\/instagram-info\?run=/);
    await expect
      .poll(
        async () => {
          const { runs } = ZRunListSchema.parse(await (await page.request.get(EXTRACTOR_PATHS.runs)).json());
          return runs.find((run) => run.source === 'similar')?.status;
        },
        { timeout: 60_000 },
      )
      .toBe('completed');

    // Looked up again, the account says it is in the database, and "Not extracted yet" leaves it out.
    await page.goto('/dashboard/similar-accounts');
    await page.getByLabel('Instagram username').fill('bella.bakery');
    await page.getByRole('button', { name: 'Find Similar Accounts' }).click();
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Most followers' }).click();
    const row = grid.getByRole('listitem').filter({
      has: page.getByRole('checkbox', { name: `Select ${username}`, exact: true }),
    });
    await expect(row).toContainText('In database');
    await page.getByRole('checkbox', { name: 'Not extracted yet' }).check();
    await expect(row).toHaveCount(0);
    await page.setViewportSize(PHONE);
    await expect(grid).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });
});
