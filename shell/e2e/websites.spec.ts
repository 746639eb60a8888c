import type { APIRequestContext } from '@playwright/test';
import type { TRun, TRunDetail } from '@prospector/contracts';
import { expect, freshUsernames, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';

// E-mails on linked websites, end to end on the sandbox: a username containing `website` shows no
// e-mail on its profile, but links a sample site (made up by the extractor, never fetched from the
// network) whose contact page holds one. With "Also look on linked websites" on, the run finds it,
// charges one credit, names the page on the result card and in the database's detail view; off, the
// same kind of account is "No public email found" and costs nothing.

const EXTRACTOR = '/dashboard/instagram-info';
const DATABASE = '/dashboard/instagram-database';
const TRIAL_CREDITS = 25;

/** The newest run once it has ended; `after`: a run started before it, which it must not be. */
async function newestRun(request: APIRequestContext, after?: TRun): Promise<TRunDetail> {
  let run: TRun | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/extractor/runs');
        run = ((await response.json()) as { runs: TRun[] }).runs[0];
        return run?.id === after?.id ? 'not started yet' : run?.status;
      },
      { message: 'the run to end', timeout: 60_000 },
    )
    .toBe('completed');
  const detail = await request.get(`/api/extractor/runs/${(run as TRun).id}`);
  return (await detail.json()) as TRunDetail;
}

test.describe('e-mails on linked websites', () => {
  test('a profile without an e-mail is found through its site, charged once and linked to the page', async ({
    signedInPage: page,
    request,
  }) => {
    test.setTimeout(180_000);
    const errors = collectConsoleErrors(page);
    const [tag] = freshUsernames(1) as [string];
    const withSite = `${tag}_website`;
    const slug = withSite.replace(/[^a-z0-9]/g, '');
    const contactPage = `https://${slug}.example.com/contact`;

    await page.goto(EXTRACTOR);
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram Info Extractor' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByTestId('sample-data-notice')).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'Also look on linked websites' });
    await expect(toggle).toBeChecked();

    await page.getByLabel('Instagram username').fill(withSite);
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    const run = await newestRun(request);
    expect(run).toMatchObject({ websites: true, emailsFound: 1, creditsUsed: 1 });
    const email = run.items[0]?.profile?.public_email as string;
    expect(email).toMatch(new RegExp(`^[a-z]+@${slug}\\.example\\.com$`));
    expect(run.items[0]?.profile?.email_provenance).toMatchObject({
      field: 'website',
      sourceUrl: contactPage,
    });

    const card = page.getByTestId('result-card');
    // The address, then its deliverability badge, and a role mailbox's (info@, bookings@) own badge.
    await expect(card.getByTestId('result-email')).toHaveText(
      new RegExp(`^${email.replaceAll('.', '\\.')}(Deliverable|Risky)(Role address)?$`),
    );
    const source = card.getByRole('link', { name: `${slug}.example.com/contact` });
    await expect(source).toHaveAttribute('href', contactPage);
    await expect(source).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(page.getByTestId('credits-badge')).toHaveText(`${TRIAL_CREDITS - 1} credits`);

    // The database keeps the page and links it from the record's details.
    await page.goto(DATABASE);
    await page.getByRole('button', { name: `Details of @${withSite}` }).click({ timeout: 90_000 });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(email)).toBeVisible();
    await expect(dialog.getByText('linked website')).toBeVisible();
    await expect(dialog.getByRole('link', { name: contactPage })).toHaveAttribute('href', contactPage);
    await page.keyboard.press('Escape');

    // Switched off, the same kind of account is looked up on its profile only: nothing found, nothing charged.
    const withoutLookup = `${tag}_website2`;
    await page.goto(EXTRACTOR);
    await page.getByRole('switch', { name: 'Also look on linked websites' }).click();
    await expect(page.getByRole('switch', { name: 'Also look on linked websites' })).not.toBeChecked();
    await page.getByLabel('Instagram username').fill(withoutLookup);
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    const second = await newestRun(request, run);
    expect(second).toMatchObject({ websites: false, emailsFound: 0, creditsUsed: 0 });
    expect(second.items[0]?.message).toBe(`No public email found for ${withoutLookup}`);
    await expect(page.getByTestId('credits-badge')).toHaveText(`${TRIAL_CREDITS - 1} credits`);
    expect(errors).toEqual([]);
  });
});
