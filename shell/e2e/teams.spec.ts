import type { Page } from '@playwright/test';
import {
  buildUser,
  createVerifiedUser,
  expect,
  linkIn,
  readMail,
  shareSession,
  test,
} from './support/_factories.ts';
import { findLayoutProblems } from './support/layout-checks.ts';

// Teams (docs/product.md §11) as its people see them: an owner invites a colleague from Settings → Team,
// the colleague signs up from the mailed link and lands in the owner's workspace, extracts from its
// credits (the owner's credit history names them), is stopped by the monthly limit the owner sets them,
// and is removed.

const openTeamTab = async (page: Page) => {
  await page.goto('/dashboard/settings?tab=team');
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
};

/** One sandbox account on the info extractor; `withemail` makes it an e-mail found, one credit. */
const extractOne = async (page: Page, username: string) => {
  await page.goto('/dashboard/instagram-info');
  await expect(page.getByRole('heading', { level: 1, name: 'Instagram Info Extractor' })).toBeVisible();
  await page.getByLabel('Instagram username').fill(username);
  await page.getByRole('button', { name: 'Extract', exact: true }).click();
};

const openAvatarMenu = async (page: Page) => {
  await page.getByRole('button', { name: /account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
};

/** The page does not scroll sideways at this width. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect((await findLayoutProblems(page)).horizontalScroll).toBeNull();

test.describe('teams', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}px an owner invites a colleague, who signs up from the link into the workspace until removed`, async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const owner = await createVerifiedUser(request, baseURL as string);
      const workspace = `${owner.firstName} ${owner.lastName}`;
      await shareSession(request, page.context());

      // The owner invites from Settings → Team, within the trial's seats.
      await openTeamTab(page);
      await expect(page.getByTestId('team-workspace')).toContainText(workspace);
      await expect(page.getByTestId('seat-count')).toContainText('1 of 2 seats used');
      const colleague = buildUser({ firstName: 'Grace' });
      await page.locator('#invite-email').fill(colleague.email);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(`Invitation sent to ${colleague.email}`)).toBeVisible();
      await expect(page.getByTestId('team-invitation')).toContainText(colleague.email);
      await expect(page.getByTestId('seat-count')).toContainText('2 of 2 seats used');
      // The seats are all taken: the form says why and offers the upgrade.
      await expect(page.getByText(/^Your Free plan includes 2 seats, and all are taken/)).toBeVisible();
      await expectNoSidewaysScroll(page);

      // The colleague opens the mailed link in their own browser, signed out.
      const mail = await readMail(request, colleague.email, /invited you to .* on Prospector$/);
      const inviteUrl = mail.text.match(/https?:\/\/\S+\/invite\/\S+/)?.[0] as string;
      expect(inviteUrl).toBeTruthy();
      const context = await browser.newContext({ baseURL, viewport });
      const guest = await context.newPage();
      await guest.goto(inviteUrl);
      await expect(
        guest.getByRole('heading', { level: 1, name: `Join ${workspace} on Prospector` }),
      ).toBeVisible();
      await expect(guest.getByText(`invited ${colleague.email} to join the workspace`)).toContainText(
        'as a member',
      );
      await expectNoSidewaysScroll(guest);
      await guest.getByRole('button', { name: 'Create an account' }).click();

      // Sign-up, the invited address already filled in.
      await expect(guest).toHaveURL(/\/auth$/);
      await expect(guest.getByLabel('Email')).toHaveValue(colleague.email);
      await guest.getByLabel('First name').fill(colleague.firstName);
      await guest.getByLabel('Last name').fill(colleague.lastName);
      await guest.getByRole('combobox', { name: 'Country' }).click();
      await guest.getByRole('option', { name: 'Germany' }).click();
      await guest.getByLabel('Password', { exact: true }).fill(colleague.password);
      await guest.getByLabel('Confirm password').fill(colleague.password);
      await guest.getByRole('button', { name: 'Create Account' }).click();
      await expect(guest.getByText('Check your inbox')).toBeVisible();

      // The verification link signs them in and they land in the owner's workspace.
      const confirm = await readMail(request, colleague.email, /confirm/i);
      await guest.goto(linkIn(confirm, '/api/auth/verify-email'));
      await expect(guest.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
      await expect(guest.getByText(`You joined ${workspace}`)).toBeVisible();
      await expect(guest).toHaveURL(/\/dashboard$/);
      await guest.getByRole('button', { name: 'Skip' }).click();
      await openAvatarMenu(guest);
      const options = guest.getByRole('menuitemcheckbox');
      await expect(options).toHaveCount(2);
      await expect(guest.getByRole('menuitemcheckbox', { name: new RegExp(workspace) })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await expect(guest.getByRole('menuitemcheckbox', { name: /Personal/ })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      await guest.keyboard.press('Escape');
      await openTeamTab(guest);
      await expect(guest.getByTestId('team-workspace')).toContainText(`${workspace} · you are a member`);
      await expect(guest.getByText('Only a workspace owner or admin can manage members.')).toBeVisible();

      // The colleague extracts from the workspace's credits; the owner's credit history names them.
      const colleagueName = `${colleague.firstName} ${colleague.lastName}`;
      const stamp = Date.now().toString(36);
      await extractOne(guest, `grace_withemail_${stamp}`);
      await expect(guest.getByText('Extraction completed', { exact: true })).toBeVisible({ timeout: 30_000 });
      await page.goto('/dashboard/billing');
      await expect(
        page.getByTestId('credit-history-row').filter({ hasText: `grace_withemail_${stamp}` }),
      ).toContainText(`by ${colleagueName}`);
      await expectNoSidewaysScroll(page);

      // The owner sets the colleague's monthly limit to 0: their next extraction is refused, in words.
      await openTeamTab(page);
      const usageRow = page.getByTestId('member-usage').filter({ hasText: colleagueName });
      await expect(usageRow.getByTestId('member-used')).toHaveText('1 credit');
      await page.getByLabel(`Monthly limit of ${colleagueName}`).fill('0');
      await page.getByRole('button', { name: `Save the limit of ${colleagueName}` }).click();
      await expect(page.getByText(`${colleagueName}'s monthly limit is 0 credits`)).toBeVisible();
      await expect(usageRow.getByTestId('member-used')).toHaveText('1 of 0 credits');
      await expectNoSidewaysScroll(page);
      await extractOne(guest, `grace_withemail_${stamp}_2`);
      await expect(guest.getByText(`${colleagueName} has 0 of 0 credits left this month`)).toBeVisible();
      await openTeamTab(guest);
      await expect(guest.getByTestId('my-usage')).toHaveText('You have used 1 of 0 credits this month');

      // The owner sees the colleague and removes them, after confirming.
      await openTeamTab(page);
      await expect(page.getByTestId('team-member').filter({ hasText: colleague.email })).toBeVisible();
      await page.getByRole('button', { name: `Remove ${colleagueName}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
      await expect(page.getByText(`${colleagueName} was removed from ${workspace}`)).toBeVisible();
      await expect(page.getByTestId('team-member')).toHaveCount(1);

      // The colleague's next page load acts for their personal workspace; no switcher is left to show.
      await guest.reload();
      await expect(guest.getByTestId('team-workspace')).toContainText('(your personal workspace)');
      await expect(guest.getByTestId('team-workspace')).not.toContainText(workspace);
      await openAvatarMenu(guest);
      await expect(guest.getByRole('menuitemcheckbox')).toHaveCount(0);
      await context.close();
    });
  }
});
