import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { CSV_BOM, EXTRACTION_CSV_COLUMNS, type TRun } from '@prospector/contracts';
import { expect, freshUsernames, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { findLayoutProblems } from './support/layout-checks.ts';

// The Extraction issue end to end on the info extractor page: a single username, a batch, the live
// progress card, credits charged only for e-mails found, the CSV export, a reload mid-run and Cancel.
// The extractor answers from its sandbox provider, whose profiles are generated, so a journey reads
// how many e-mails a run found from the run itself and checks everything else against that.

const EXTRACTOR = '/dashboard/instagram-info';
/** Trial credits (docs/product.md §9). */
const TRIAL_CREDITS = 25;

/** The signed-in user's runs as the API reports them, newest first. */
async function runs(request: APIRequestContext): Promise<TRun[]> {
  const response = await request.get('/api/extractor/runs');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { runs: TRun[] }).runs;
}

/** Waits for the newest run to end and returns it. */
async function finishedRun(request: APIRequestContext): Promise<TRun> {
  let run: TRun | undefined;
  await expect
    .poll(
      async () => {
        run = (await runs(request))[0];
        return run?.status;
      },
      { message: 'the run to end', timeout: 60_000 },
    )
    .toMatch(/^(completed|cancelled|failed)$/);
  return run as TRun;
}

const creditsBadge = (page: Page) => page.getByTestId('credits-badge');

test.describe('extraction', () => {
  test('at desktop width each tab of the extractor keeps its name on one line', async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(EXTRACTOR);
    const tabs = page.getByRole('tablist');
    for (const name of ['Extract by Username', 'Extract by Keyword']) {
      const tab = tabs.getByRole('tab', { name });
      await expect(tab).toHaveText(name);
      // All of the tab's text sits on one line (every fragment at the same height), none of it cut off.
      const layout = await tab.evaluate((element) => {
        const rects: DOMRect[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
        }
        const tops = rects.map((rect) => rect.top);
        const lineHeight = Math.min(...rects.map((rect) => rect.height));
        return {
          oneLine: Math.max(...tops) - Math.min(...tops) < lineHeight / 2,
          cut: element.scrollWidth > element.clientWidth,
        };
      });
      expect(layout, name).toEqual({ oneLine: true, cut: false });
    }
  });

  test('a single username, then a batch of five: live progress, credits only for e-mails, CSV export', async ({
    signedInPage: page,
    request,
  }) => {
    test.setTimeout(120_000);
    const errors = collectConsoleErrors(page);
    await page.goto(EXTRACTOR);
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram Info Extractor' })).toBeVisible();
    await expect(creditsBadge(page)).toHaveText(`${TRIAL_CREDITS} credits`);
    await expect(page.getByTestId('sample-data-notice')).toContainText(
      'Profiles are generated sample data, not real Instagram accounts',
    );

    // Single: `@name` is accepted and sent as the username.
    const [single] = freshUsernames(1) as [string];
    await page.getByLabel('Instagram username').fill(`@${single}`);
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    const singleRun = await finishedRun(request);
    expect(singleRun.source).toBe('single');
    expect(singleRun.status).toBe('completed');
    await expect(
      page.getByText(singleRun.emailsFound > 0 ? 'Extraction completed' : 'No emails found', { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('result-username')).toHaveText(`@${single}`);
    const afterSingle = TRIAL_CREDITS - singleRun.emailsFound;
    await expect(creditsBadge(page)).toHaveText(`${afterSingle} credits`);
    // The single run's progress card goes away 2 s after it ended, before the batch starts its own.
    await expect(page.getByTestId('run-progress')).toHaveCount(0);

    // Batch of five, written the ways people paste them; the button counts them first.
    const batch = freshUsernames(5);
    await page.getByRole('button', { name: 'Batch' }).click();
    await page
      .getByLabel('Usernames, one per line')
      .fill(
        [
          batch[0],
          `@${batch[1]}`,
          `https://www.instagram.com/${batch[2]}/`,
          batch[3],
          batch[4],
          'not a username!',
          batch[0],
        ].join('\n'),
      );
    await expect(page.getByTestId('invalid-usernames')).toContainText('not a username!');
    await expect(page.getByTestId('duplicate-usernames')).toHaveText('1 duplicate dropped.');
    await page.getByRole('button', { name: 'Extract 5 accounts' }).click();

    // The progress card follows the run live and goes away after it ends.
    const progress = page.getByTestId('run-progress');
    await expect(progress).toBeVisible();
    await expect(progress.getByTestId('progress-count')).toHaveText(/^\d\/5$/);
    const batchRun = await finishedRun(request);
    expect(batchRun.source).toBe('batch');
    expect(batchRun.total).toBe(5);
    expect(batchRun.processed).toBe(5);
    await expect(
      page.getByText(batchRun.emailsFound > 0 ? 'Batch extraction completed' : 'No new emails found', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(progress).toBeHidden();

    // One credit per e-mail found, nothing else; the top bar follows without a reload.
    expect(batchRun.creditsUsed).toBe(batchRun.emailsFound);
    await expect(creditsBadge(page)).toHaveText(`${afterSingle - batchRun.emailsFound} credits`);

    // The results of the batch, and their export.
    const results = page.getByTestId('run-results');
    const batchItems = (
      (await (await request.get(`/api/extractor/runs/${batchRun.id}`)).json()) as {
        items: Array<{ profile: { public_email: string | null } | null }>;
      }
    ).items;
    await expect(results.getByTestId('result-card')).toHaveCount(
      batchItems.filter((item) => item.profile !== null).length,
    );
    // The export holds the profiles with an e-mail, in the database export's format and name.
    const withEmail = batchItems.filter((item) => item.profile?.public_email).length;
    const exportButton = results.getByRole('button', { name: 'Export CSV' });
    if (withEmail === 0) {
      await expect(exportButton).toBeDisabled();
    } else {
      await expect(results.getByTestId('export-scope')).toHaveText(
        `${withEmail} ${withEmail === 1 ? 'profile' : 'profiles'} with an e-mail`,
      );
      const downloading = page.waitForEvent('download');
      await exportButton.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^instagram-extractions-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.startsWith(CSV_BOM)).toBe(true);
      expect(csv).not.toContain('\r\n');
      expect(csv.slice(1).split('\n')[0]).toBe(EXTRACTION_CSV_COLUMNS.join(';'));
    }

    // Both runs are listed; the single one can be opened again by its address.
    const recent = page.getByTestId('recent-run');
    await expect(recent).toHaveCount(2);
    await recent
      .nth(1)
      .getByRole('link', { name: /View results/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]run=${singleRun.id}`));
    await expect(results.getByTestId('result-username')).toHaveText(`@${single}`);

    expect(errors).toEqual([]);
  });

  test('a run survives a reload mid-way, and Cancel stops it', async ({ signedInPage: page, request }) => {
    test.setTimeout(120_000);
    // Long enough to reload and cancel before it ends (the service waits between accounts), and
    // within the trial's credits so it is not refused.
    const usernames = freshUsernames(TRIAL_CREDITS);
    await page.goto(EXTRACTOR);
    await page.getByRole('button', { name: 'Batch' }).click();
    await page.getByLabel('Usernames, one per line').fill(usernames.join('\n'));
    await page.getByRole('button', { name: `Extract ${TRIAL_CREDITS} accounts` }).click();
    const progress = page.getByTestId('run-progress');
    await expect(progress.getByTestId('progress-count')).toHaveText(
      new RegExp(`^[1-9]\\d*/${TRIAL_CREDITS}$`),
    );

    await page.reload();
    await expect(progress).toBeVisible();
    await expect(progress.getByTestId('progress-count')).toHaveText(new RegExp(`^\\d+/${TRIAL_CREDITS}$`));
    await expect(progress.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Extraction cancelled', { exact: true }).first()).toBeVisible();
    const run = await finishedRun(request);
    expect(run.status).toBe('cancelled');
    expect(run.processed).toBeLessThan(TRIAL_CREDITS);
    await expect(progress).toBeHidden();
    await expect(page.getByTestId('recent-run').first()).toContainText('Cancelled');
    // A run stopped early counts what it processed, of what it was given.
    await expect(page.getByTestId('recent-run').first()).toContainText(
      `Accounts${run.processed} of ${TRIAL_CREDITS}`,
    );
    // Only e-mails found before the cancel were charged.
    await expect(creditsBadge(page)).toHaveText(`${TRIAL_CREDITS - run.emailsFound} credits`);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}px: credits held by a batch show as reserved, a single started meanwhile takes the focus`, async ({
      signedInPage: page,
      request,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(viewport);
      const errors = collectConsoleErrors(page);
      await page.goto(EXTRACTOR);
      await expect(creditsBadge(page)).toHaveText(`${TRIAL_CREDITS} credits`);
      await expect(page.getByTestId('credits-reserved')).toHaveCount(0);

      const batch = freshUsernames(8);
      await page.getByRole('button', { name: 'Batch' }).click();
      await page.getByLabel('Usernames, one per line').fill(batch.join('\n'));
      await page.getByRole('button', { name: 'Extract 8 accounts' }).click();
      // The box is cleared: nothing left to extract.
      await expect(page.getByRole('button', { name: 'Extract 0 accounts' })).toBeDisabled();

      // Held, not spent: the badge shows what is free, and beside it what the batch holds.
      const reserved = page.getByTestId('credits-reserved');
      await expect(reserved).toHaveText(/^[1-8] reserved for running extractions$/);
      const figure = async (locator: typeof reserved) =>
        Number(((await locator.textContent()) ?? '').match(/\d+/)?.[0]);
      expect((await figure(creditsBadge(page))) + (await figure(reserved))).toBeLessThanOrEqual(
        TRIAL_CREDITS,
      );
      expect(await figure(creditsBadge(page))).toBeGreaterThanOrEqual(TRIAL_CREDITS - 8);
      await expect(page.getByTestId('reserved-credits')).toBeVisible();

      // A single started during the batch: progress and results both describe it.
      const [single] = freshUsernames(1) as [string];
      await page.getByRole('button', { name: 'Single' }).click();
      await page.getByLabel('Instagram username').fill(single);
      await page.getByRole('button', { name: 'Extract', exact: true }).click();
      const progress = page.getByTestId('run-progress');
      const results = page.getByTestId('run-results');
      await expect(progress.getByTestId('progress-count')).toHaveText(/^[01]\/1$/);
      await expect(results).toContainText('Single username');
      const others = page.getByTestId('other-runs');
      await expect(others).toContainText('Also running: batch of 8 accounts');

      // The batch is one click away, and then both follow it.
      await others.getByRole('link', { name: 'View progress' }).click();
      await expect(progress.getByTestId('progress-count')).toHaveText(/^\d\/8$/);
      await expect(results).toContainText('Batch');
      await expect(others).toHaveCount(0);

      // Both end: nothing is held any more, and only e-mails found were spent.
      await expect
        .poll(async () => (await runs(request)).every((run) => !['queued', 'running'].includes(run.status)), {
          message: 'both runs to end',
          timeout: 90_000,
        })
        .toBe(true);
      const [singleRun, batchRun] = (await runs(request)) as [TRun, TRun];
      await expect(reserved).toHaveCount(0);
      await expect(creditsBadge(page)).toHaveText(
        `${TRIAL_CREDITS - singleRun.emailsFound - batchRun.emailsFound} credits`,
      );

      // Recent runs tell them apart by where their usernames came from.
      const recent = page.getByTestId('recent-run');
      await expect(recent).toHaveCount(2);
      await expect(recent.nth(0).getByTestId('recent-run-source')).toHaveText('Single username');
      await expect(recent.nth(1).getByTestId('recent-run-source')).toHaveText('Batch');
      // And by their first accounts: the single's one, the batch's first three of eight.
      await expect(recent.nth(0).getByTestId('recent-run-names')).toHaveText(`@${single}`);
      await expect(recent.nth(1).getByTestId('recent-run-names')).toHaveText(
        `${batch
          .slice(0, 3)
          .map((name) => `@${name}`)
          .join(', ')} and 5 more`,
      );
      expect((await findLayoutProblems(page)).horizontalScroll).toBeNull();
      expect(errors).toEqual([]);
    });
  }
});
