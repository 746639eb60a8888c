import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  DATABASE_ENDPOINTS,
  EXTRACTOR_PATHS,
  type TRunSource,
  ZExtractionPageSchema,
  ZRunListSchema,
} from '@prospector/contracts';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';

// Where leads come from: an account's followers and a hashtag's posters, listed page by page from the
// sandbox provider, judged and filtered before spending, then extracted as one run.

const PHONE = { width: 390, height: 844 };
/** A public sandbox account with 819 followers: a first list of 100 takes two provider pages. */
const OWNER = 'green.kitchen';
const LIST_NAME = 'Green kitchen followers';

async function expectNoHorizontalScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** Waits for the user's run from `source` to end, and answers what it did. */
async function finishedRun(page: Page, source: TRunSource) {
  let summary: { status: string; total: number; processed: number } | undefined;
  await expect
    .poll(
      async () => {
        const { runs } = ZRunListSchema.parse(await (await page.request.get(EXTRACTOR_PATHS.runs)).json());
        const run = runs.find((candidate) => candidate.source === source);
        summary = run && { status: run.status, total: run.total, processed: run.processed };
        return summary?.status;
      },
      { timeout: 60_000, message: `the ${source} run to complete` },
    )
    .toBe('completed');
  return summary;
}

/** The usernames of the first `count` rows of a list. */
async function pick(page: Page, count: number): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Accounts listed' });
  const picked: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const checkbox = list.getByRole('listitem').nth(index).getByRole('checkbox');
    picked.push(((await checkbox.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
    await checkbox.focus();
    await page.keyboard.press('Space');
    await expect(checkbox).toHaveAttribute('data-state', 'checked');
  }
  return picked;
}

test.describe('lead sources', () => {
  test('followers of an account: filter not extracted, 10k+, select, extract, save all to a list that exports them; a reload keeps tab and list', async ({
    signedInPage: page,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/dashboard/instagram-info');
    await page.getByRole('tab', { name: 'Followers' }).click();
    await expect(page).toHaveURL(/source=followers/);

    await page.getByRole('button', { name: 'List accounts' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter an Instagram username' }),
    ).toBeVisible();

    await page.getByRole('textbox', { name: 'Instagram username' }).fill(`@${OWNER}`);
    await page.getByRole('button', { name: 'List accounts' }).click();
    const list = page.getByRole('list', { name: 'Accounts listed' });
    // Provider pages of 50 (fewer the accounts that no longer exist) arrive until 100 are loaded.
    await expect(page.getByTestId('list-progress')).toHaveText('100 loaded');
    const counts = page.getByTestId('list-counts');
    await expect(counts).toHaveText('100 of 100 shown · 0 selected');
    // Virtualised: only the rows in view (and a few around them) are in the page.
    expect(await list.getByRole('listitem').count()).toBeLessThan(100);
    const shownCount = async () => Number((await counts.textContent())?.split(' of ')[0]);

    await page.getByRole('checkbox', { name: 'Not extracted yet' }).check();
    await page.getByRole('combobox', { name: 'Followers' }).click();
    await page.getByRole('option', { name: '10k+' }).click();
    // The list re-renders with the filters applied: wait until it is the shorter, non-empty one.
    await expect.poll(shownCount, { message: 'the filtered list' }).toBeLessThan(100);
    expect(await shownCount()).toBeGreaterThan(0);
    for (const text of await list.getByRole('listitem').allTextContents()) {
      expect(text).toMatch(/(\d+(\.\d)?[KM]) followers/);
      expect(text).not.toContain('In database');
    }

    const picked = await pick(page, 2);
    await expect(page.getByTestId('cost-estimate')).toHaveText(
      'Up to 2 credits; you pay only for e-mails found.',
    );
    await page.getByRole('button', { name: 'Extract selected (2)' }).click();
    expect(await finishedRun(page, 'followers')).toEqual({ status: 'completed', total: 2, processed: 2 });

    // The run's records (saved by event, a moment after the run ends) go into a new lead list.
    await expect
      .poll(
        async () =>
          ZExtractionPageSchema.parse(await (await page.request.get(DATABASE_ENDPOINTS.list.path)).json())
            .total,
        { message: 'the run’s records to be saved', timeout: 30_000 },
      )
      .toBe(2);
    await page.getByTestId('run-results').getByRole('button', { name: 'Save all to list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to list' });
    await dialog.getByLabel('New list name').fill(LIST_NAME);
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByText(`Added 2 to “${LIST_NAME}”`, { exact: true })).toBeVisible();

    // A reload keeps the source tab and the list, which now knows what is in the database.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Followers' })).toHaveAttribute('aria-selected', 'true');
    // The two picked were the first of the 10k+ not yet extracted: they lead the 10k+ list.
    await page.getByRole('combobox', { name: 'Followers' }).click();
    await page.getByRole('option', { name: '10k+' }).click();
    for (const username of picked) {
      await expect(
        list
          .getByRole('listitem')
          .filter({ has: page.getByRole('checkbox', { name: `Select ${username}`, exact: true }) }),
      ).toContainText('In database');
    }

    // Recent runs name the list it came from and its first accounts, on a phone too.
    const recent = page.getByTestId('recent-run').first();
    await expect(recent.getByTestId('recent-run-source')).toHaveText(`Followers of @${OWNER}`);
    await expect(recent.getByTestId('recent-run-names')).toHaveText(
      picked.map((name) => `@${name}`).join(', '),
    );

    await page.setViewportSize(PHONE);
    await expect(list).toBeVisible();
    await expect(recent.getByTestId('recent-run-source')).toBeVisible();
    await expectNoHorizontalScroll(page);

    // The list's page holds the two followers, and exports the ones with an e-mail.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/lead-lists');
    await page.getByRole('link', { name: new RegExp(LIST_NAME) }).click();
    await expect(page.getByRole('heading', { level: 1, name: LIST_NAME })).toBeVisible({ timeout: 60_000 });
    const members = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect(members).toHaveCount(2);
    for (const username of picked) await expect(members.filter({ hasText: `@${username}` })).toHaveCount(1);
    const withEmail = ZExtractionPageSchema.parse(
      await (await page.request.get(DATABASE_ENDPOINTS.list.path)).json(),
    ).items.filter((record) => record.email !== null);
    if (withEmail.length > 0) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const csv = await readFile((await download.path()) as string, 'utf8');
      expect(csv.trimEnd().split('\n')).toHaveLength(1 + withEmail.length);
      for (const record of withEmail) expect(csv).toContain(record.email as string);
    } else {
      await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    }
    expect(errors).toEqual([]);
  });

  test('hashtag posters: list #veganbakery, pick three, extract them in one run', async ({
    signedInPage: page,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/dashboard/instagram-info?source=hashtag');
    await page.getByRole('textbox', { name: 'Hashtag' }).fill('#VeganBakery');
    await page.getByRole('button', { name: 'List accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Posted under #VeganBakery' })).toBeVisible();
    await expect(page.getByTestId('list-progress')).toContainText(/^\d+ loaded(, the whole list)?$/);
    const picked = await pick(page, 3);
    await page.getByRole('button', { name: 'Extract selected (3)' }).click();
    expect(await finishedRun(page, 'hashtag')).toEqual({ status: 'completed', total: 3, processed: 3 });
    const recent = page.getByTestId('recent-run').first();
    await expect(recent.getByTestId('recent-run-source')).toHaveText('Hashtag #VeganBakery');
    await expect(recent.getByTestId('recent-run-names')).toHaveText(
      picked.map((name) => `@${name}`).join(', '),
    );
    expect(errors).toEqual([]);
  });

  test('keyword search: "Load more" pages until the provider has no more', async ({ signedInPage: page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/dashboard/instagram-info?source=keyword');
    await page.getByRole('textbox', { name: 'Keyword' }).fill('vegan bakery');
    await page.getByRole('button', { name: 'Search' }).click();
    const list = page.getByRole('list', { name: 'Accounts found' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    // The list is virtualised: its length is in its counts, not in the rows in the page.
    const listed = async () =>
      Number((await page.getByTestId('list-counts').textContent())?.split(' of ')[1]?.split(' ')[0]);
    let count = await listed();
    const loadMore = page.getByRole('button', { name: 'Load more' });
    while (await loadMore.isVisible()) {
      await loadMore.click();
      await expect.poll(listed).toBeGreaterThan(count);
      count = await listed();
    }
    expect(count).toBeGreaterThan(25);

    // Leaving the page and coming back through the sidebar: the keyword tab still has its results.
    await page.goto('/dashboard');
    await page
      .getByRole('link', { name: /Instagram Info/ })
      .first()
      .click();
    await page.getByRole('tab', { name: /Keyword/ }).click();
    await expect.poll(listed).toBe(count);
    await expect(page.getByRole('textbox', { name: 'Keyword' })).toHaveValue('vegan bakery');
    expect(errors).toEqual([]);
  });
});
