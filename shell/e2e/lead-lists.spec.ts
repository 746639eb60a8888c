import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { CSV_BOM, EXTRACTION_CSV_COLUMNS, type TExtractionPage, type TRun } from '@prospector/contracts';
import { expect, freshUsernames, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { findLayoutProblems } from './support/layout-checks.ts';
import { seedExtractions, signedInUserId } from './support/server-database.ts';

// Lead lists (issue 22): a batch run's saved records go into a new list with "Save all to list", the
// list's page shows them and exports them in the Database export's CSV, and the Database page filters
// by "In list". The sandbox provider decides by name: `…withemail…` shows an e-mail, `…noemail…` none.

const EXTRACTOR = '/dashboard/instagram-info';
const DATABASE = '/dashboard/instagram-database';

async function finishedRun(request: APIRequestContext): Promise<TRun> {
  let run: TRun | undefined;
  await expect
    .poll(
      async () => {
        run = ((await (await request.get('/api/extractor/runs')).json()) as { runs: TRun[] }).runs[0];
        return run?.status;
      },
      { message: 'the run to end', timeout: 90_000 },
    )
    .toBe('completed');
  return run as TRun;
}

/** Serious and critical accessibility findings on what the page shows now. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('lead lists', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a batch saved to a new list: the list page shows it, exports its CSV, and the database filters by it', async ({
    signedInPage: page,
    request,
  }) => {
    const errors = collectConsoleErrors(page);
    const [tag] = freshUsernames(1);
    const usernames = [`${tag}_withemail_a`, `${tag}_noemail_b`, `${tag}_withemail_c`];
    const listName = `Leads ${tag?.slice(4, 14)}`;

    // A batch run.
    await page.goto(EXTRACTOR);
    await page.getByRole('button', { name: 'Batch' }).click({ timeout: 90_000 });
    await page.getByLabel('Usernames, one per line').fill(usernames.join('\n'));
    await page.getByRole('button', { name: 'Extract 3 accounts' }).click();
    const run = await finishedRun(request);
    expect(run.total).toBe(3);
    const results = page.getByTestId('run-results');
    await expect(results.getByTestId('result-card')).toHaveCount(3);
    // The run's records reach the database by event; a person reading the results gives them that moment.
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/database/extractions?q=${tag}`)).json()) as TExtractionPage).total,
        { message: 'the run’s records to be saved', timeout: 30_000 },
      )
      .toBe(3);

    // What the sandbox gave each account decides what the list counts and exports.
    const saved = (
      (await (await request.get(`/api/database/extractions?q=${tag}`)).json()) as TExtractionPage
    ).items;
    const withEmail = saved.filter((record) => record.email !== null);
    expect(withEmail.length).toBeGreaterThan(0);
    const removed = usernames[1] as string;
    const removedHasEmail = saved.some((record) => record.username === removed && record.email !== null);

    // Save all to list → a new list (the user has none yet, so "New list" is chosen).
    await results.getByRole('button', { name: 'Save all to list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to list' });
    await expect(dialog.getByRole('radio', { name: 'New list' })).toBeChecked();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByLabel('New list name').fill(listName);
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByText(`Added 3 to “${listName}”`, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // Selected results go to the same list again: nothing twice.
    await results.getByRole('checkbox', { name: `Select @${usernames[0]}` }).check();
    await results.getByRole('button', { name: 'Add to list…' }).click();
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${listName}`) })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(
      page.getByText(`Added 0 to “${listName}”, 1 already in the list`, { exact: true }),
    ).toBeVisible();

    // The Lists page, through the sidebar.
    await page.getByRole('link', { name: 'Lead Lists' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lead lists' })).toBeVisible({
      timeout: 60_000,
    });
    const entry = page.getByRole('link', { name: new RegExp(listName) });
    await expect(entry).toContainText(`3 accounts · ${withEmail.length} with e-mail`);
    await entry.click();
    await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
    const members = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect(members).toHaveCount(3);
    for (const username of usernames)
      await expect(page.getByText(`@${username}`, { exact: true })).toBeVisible();

    // Its export: the Database export's format, the members with an e-mail, newest first.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^instagram-extractions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(`${CSV_BOM}${EXTRACTION_CSV_COLUMNS.join(';')}`);
    // Newest first, as the Database export orders them (a quoted biography may span lines).
    expect(lines.filter((line) => line.startsWith(`${tag}_`)).map((line) => line.split(';')[0])).toEqual(
      withEmail.map((record) => record.username),
    );
    for (const record of withEmail) expect(csv).toContain(`;${record.email};`);

    // Removing a member keeps the record.
    await page.getByRole('button', { name: `Remove @${removed} from the list` }).click();
    await expect(page.getByText('Removed 1 from the list', { exact: true })).toBeVisible();
    await expect(members).toHaveCount(2);
    const leftWithEmail = withEmail.length - (removedHasEmail ? 1 : 0);
    await expect(page.getByText(`2 accounts · ${leftWithEmail} with e-mail`)).toBeVisible();

    // The Database page's "In list" filter, in the address and through the same query as the export.
    await page.goto(DATABASE);
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram Database' })).toBeVisible({
      timeout: 60_000,
    });
    await chooseOption(page, 'In list', listName);
    await expect(page).toHaveURL(/[?&]list=[0-9a-f-]{36}/);
    const rows = page.getByRole('button', { name: /^Details of @/ });
    await expect(rows).toHaveCount(2);
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    // Add to list from the Database page: the selection is already in it.
    await page.getByRole('button', { name: 'Select All Page' }).click();
    await page.getByRole('button', { name: 'Add to list…' }).click();
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(
      page.getByText(`Added 0 to “${listName}”, 2 already in the list`, { exact: true }),
    ).toBeVisible();

    // Deleting the list keeps the records; the filter then names a list that is gone.
    await page.goto('/dashboard/lead-lists');
    await page.getByRole('link', { name: new RegExp(listName) }).click();
    await page.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete list' }).click();
    await expect(page.getByText('List deleted', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Lead lists' })).toBeVisible();
    await expect(page.getByText(/^No lists yet/)).toBeVisible();
    expect(
      ((await (await request.get(`/api/database/extractions?q=${tag}`)).json()) as TExtractionPage).total,
    ).toBe(3);
    expect(errors).toEqual([]);
  });

  test('on a phone the Lists page and a list fit the screen and work by keyboard', async ({
    signedInPage: page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/lead-lists');
    await expect(page.getByRole('heading', { level: 1, name: 'Lead lists' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByText(/^No lists yet/)).toBeVisible();
    // Create by keyboard: type, Enter.
    await page.getByLabel('New list').fill('A list with a rather long name for a small screen');
    await page.getByLabel('New list').press('Enter');
    const entry = page.getByRole('link', { name: /A list with a rather long name/ });
    await expect(entry).toContainText('0 accounts · 0 with e-mail');
    // The same name again, in another case, is refused with the service's message.
    await page.getByLabel('New list').fill('a LIST with a rather long name for a small screen');
    await page.getByLabel('New list').press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'A list named “a LIST with a rather long name for a small screen” already exists',
    );
    expect(await findLayoutProblems(page)).toEqual({
      horizontalScroll: null,
      overlapped: [],
      clippedText: [],
    });
    await entry.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^This list is empty/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(await findLayoutProblems(page)).toEqual({
      horizontalScroll: null,
      overlapped: [],
      clippedText: [],
    });
    // Add to list, from the Database page: the long name stays inside the dialog, which fits the screen.
    await seedExtractions(await signedInUserId(request), [
      { username: 'phone_lead', public_email: 'phone_lead@example.com' },
    ]);
    await page.goto(DATABASE);
    await page.getByRole('button', { name: 'Select All Page' }).click({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add to list…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to list' });
    await expect(dialog.getByRole('radio', { name: /A list with a rather long name/ })).toBeChecked();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // Nothing in it runs past its edges (a fieldset is as wide as its widest line unless told otherwise).
    const pastEdges = await dialog.evaluate((element) => {
      const { left, right } = element.getBoundingClientRect();
      return [...element.querySelectorAll('*')]
        .filter((child) => {
          const rect = child.getBoundingClientRect();
          return rect.width > 0 && (rect.left < left - 0.5 || rect.right > right + 0.5);
        })
        .map((child) => `<${child.tagName.toLowerCase()}> ${(child.textContent ?? '').slice(0, 30)}`);
    });
    expect(pastEdges).toEqual([]);
    expect(await findLayoutProblems(page)).toEqual({
      horizontalScroll: null,
      overlapped: [],
      clippedText: [],
    });
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByText(/^Added 1 to “A list with a rather long name/)).toBeVisible();
    // Another user's list, or none: "List not found" at the first 404, which is not retried.
    const missing = '6f1c2a8e-5b7d-4e3f-9a1b-2c3d4e5f6a7b';
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === `/api/database/lists/${missing}`) asked.push(sent.url());
    });
    await page.goto(`/dashboard/lead-lists/${missing}`);
    await expect(page.getByRole('heading', { level: 1, name: 'List not found' })).toBeVisible({
      timeout: 5_000,
    });
    await expect(page.getByRole('button', { name: 'Remove from list' })).toHaveCount(0);
    await page.waitForTimeout(1_500);
    expect(asked).toHaveLength(1);
    expect((await request.get('/api/database/lists')).status()).toBe(200);
  });
});
