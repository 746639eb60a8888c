import type { Page } from '@playwright/test';
import { DATABASE_ENDPOINTS, EXTRACTOR_PATHS, optedOutMessage, ZRunListSchema } from '@prospector/contracts';
import { expect, linkIn, readMail, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';

// The public opt-out end to end: a customer extracts an account found by keyword; its owner, with no
// account of their own, opts out on /opt-out; a new extraction of it is refused at once without a charge,
// but the customer's record stays until the owner confirms by the link mailed to the profile's e-mail;
// then the customer's database no longer holds it and says why, and the export and keyword search omit
// it. A second owner confirms with the code in their bio instead (the sandbox's …biocode… account).

const KEYWORD = 'vegan bakery';

async function waitForLastRun(page: Page) {
  await expect
    .poll(
      async () => {
        const { runs } = ZRunListSchema.parse(await (await page.request.get(EXTRACTOR_PATHS.runs)).json());
        return runs[0]?.status;
      },
      { timeout: 60_000, message: 'the run to complete' },
    )
    .toBe('completed');
}

async function openDatabase(page: Page) {
  await page.goto('/dashboard/instagram-database');
  await expect(page.getByRole('heading', { level: 1, name: 'Instagram Database' })).toBeVisible({
    timeout: 90_000,
  });
}

async function searchKeyword(page: Page) {
  await page.goto('/dashboard/instagram-info');
  await page.getByRole('tab', { name: 'Extract by Keyword' }).click();
  await page.getByRole('textbox', { name: 'Keyword' }).fill(KEYWORD);
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('list', { name: 'Accounts found' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  return list;
}

test.describe('public opt-out', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an opt-out stops extractions at once, and its confirmation by the mailed link removes every saved copy', async ({
    signedInPage: page,
    browser,
  }) => {
    const errors = collectConsoleErrors(page);
    // The customer finds an account by keyword and extracts it.
    const list = await searchKeyword(page);
    const checkbox = list.getByRole('listitem').first().getByRole('checkbox');
    const target = ((await checkbox.getAttribute('aria-label')) ?? '').replace(/^Select /, '');
    expect(target).not.toBe('');
    await checkbox.check();
    await page.getByRole('button', { name: 'Start Extraction (1)' }).click();
    await waitForLastRun(page);
    await page.goto('/dashboard/instagram-database');
    await expect(page.getByRole('button', { name: `Details of @${target}` })).toBeVisible({
      timeout: 90_000,
    });
    const credits = await page.getByTestId('credits-badge').textContent();

    const listed = await (await page.request.get(`${DATABASE_ENDPOINTS.list.path}?q=${target}`)).json();
    const savedEmail = (listed.items as Array<{ username: string; email: string | null }>).find(
      (item) => item.username === target,
    )?.email;

    // The account's owner, signed out in a browser of their own, finds the page from the footer.
    const visitor = await browser.newContext();
    const person = await visitor.newPage();
    await person.goto('/privacy-policy');
    await person.getByRole('link', { name: 'Opt out of Prospector' }).click();
    await expect(person).toHaveURL(/\/opt-out$/);
    await expect(person.getByRole('heading', { level: 1, name: 'Opt out of Prospector' })).toBeVisible({
      timeout: 90_000,
    });
    // First they ask what we hold: the answer goes to the profile's e-mail, never to the screen.
    await person.getByLabel('Instagram username').nth(1).fill(`@${target}`);
    await person.getByRole('button', { name: 'Send me what you hold' }).click();
    await expect(person.getByText(/the answer is sent to the e-mail shown on its profile/)).toBeVisible({
      timeout: 30_000,
    });
    if (savedEmail) {
      const mail = await readMail(
        person.request,
        savedEmail,
        new RegExp(`What Prospector holds about @${target}`),
      );
      // Other journeys on the same server may have saved the same sample account too.
      expect(mail.text).toMatch(/(1 customer has|\d+ customers have) a saved record of it/);
    }
    // Nothing is sent until the form is right.
    await person.getByRole('button', { name: 'Opt out' }).click();
    await expect(person.getByText('Enter an Instagram username or a link to the profile.')).toBeVisible();
    await person
      .getByLabel('Instagram username')
      .first()
      .fill(`https://www.instagram.com/${target.toUpperCase()}/`);
    await person.getByLabel(/I am the owner of this account/).check();
    await person.getByRole('button', { name: 'Opt out' }).click();
    await expect(person.getByText('Request received')).toBeVisible({ timeout: 30_000 });
    await expect(person.getByText(/From now on this account is not extracted again/)).toBeVisible();
    await expect(person.getByTestId('bio-code')).toHaveText(/^prospector-[a-z2-9]{8}$/);

    // A new extraction of it is refused at once, and costs nothing, though nothing is confirmed yet.
    await page.goto('/dashboard/instagram-info');
    await page.getByLabel('Instagram username').fill(target);
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    await expect(page.getByText(optedOutMessage(target)).first()).toBeVisible();
    await expect(page.getByTestId('credits-badge')).toHaveText(credits ?? '');
    // The customer's record stays until the owner confirms.
    await openDatabase(page);
    await expect(page.getByRole('button', { name: `Details of @${target}` })).toBeVisible({
      timeout: 30_000,
    });

    // The owner confirms by the link sent to the e-mail the profile shows.
    expect(savedEmail, 'the sample account shows an e-mail').toBeTruthy();
    const confirmation = await readMail(
      person.request,
      savedEmail as string,
      new RegExp(`^Confirm the opt-out of @${target}$`),
    );
    await person.goto(linkIn(confirmation, '/opt-out'));
    const card = person.getByRole('region', { name: 'Confirm your opt-out' });
    await expect(card).toBeVisible({ timeout: 90_000 });
    await card.getByRole('button', { name: 'Confirm opt-out' }).click();
    await expect(card.getByText('Opt-out confirmed')).toBeVisible({ timeout: 30_000 });
    await visitor.close();

    // The customer's database no longer holds it, and says why.
    await expect
      .poll(
        async () => {
          await openDatabase(page);
          return page.getByText(/1 record was removed after an opt-out request/).isVisible();
        },
        { timeout: 30_000, message: 'the removal notice' },
      )
      .toBe(true);
    await expect(page.getByRole('button', { name: `Details of @${target}` })).toHaveCount(0);
    const csv = await (await page.request.get(DATABASE_ENDPOINTS.exportCsv.path)).text();
    expect(csv).not.toContain(target);

    // Keyword search leaves it out, though the customer no longer has it saved.
    const again = await searchKeyword(page);
    await expect(again.getByRole('checkbox', { name: `Select ${target}`, exact: true })).toHaveCount(0);
    await expect(page.getByTestId('opted-out-note')).toHaveText(
      /^(1 account hidden: its owner|\d+ accounts hidden: their owners) asked not to be contacted$/,
    );
    expect(errors.filter((error) => !/40[49]/.test(error))).toEqual([]);
  });

  test('an opt-out confirmed with the code in the bio removes the saved copy', async ({
    signedInPage: page,
    browser,
  }) => {
    const errors = collectConsoleErrors(page);
    // The sandbox treats a …biocode… account's bio as showing any code (README: the sandbox).
    const target = `e2e_biocode_${Date.now().toString(36)}`;
    await page.goto('/dashboard/instagram-info');
    await page.getByLabel('Instagram username').fill(target);
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    await waitForLastRun(page);
    await openDatabase(page);
    await expect(page.getByRole('button', { name: `Details of @${target}` })).toBeVisible({
      timeout: 30_000,
    });

    const visitor = await browser.newContext();
    const person = await visitor.newPage();
    await person.goto('/opt-out');
    await person.getByLabel('Instagram username').first().fill(`@${target}`);
    await person.getByLabel(/I am the owner of this account/).check();
    await person.getByRole('button', { name: 'Opt out' }).click();
    const bio = person.getByRole('region', { name: 'Confirm with a code in your bio' });
    await expect(bio).toBeVisible({ timeout: 30_000 });
    await bio.getByRole('button', { name: 'I’ve added it' }).click();
    await expect(person.getByText('Opt-out confirmed')).toBeVisible({ timeout: 30_000 });
    await expect(person.getByText(/Every saved copy of this account is being removed/)).toBeVisible();
    await visitor.close();

    await expect
      .poll(
        async () => {
          await openDatabase(page);
          return page.getByRole('button', { name: `Details of @${target}` }).count();
        },
        { timeout: 30_000, message: 'the record to be removed' },
      )
      .toBe(0);
    expect(errors.filter((error) => !/40[49]/.test(error))).toEqual([]);
  });
});
