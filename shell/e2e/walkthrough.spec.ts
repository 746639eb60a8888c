import { expect, test } from './support/_factories.ts';

// Found by walking the app as a new user on a desktop (1280×800).

test.describe('walk-through fixes', () => {
  test('the Forgot password and Resend dialogs send only their own request, not the sign-in form', async ({
    page,
  }) => {
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/sign-in/email') signIns.push(request.method());
    });
    await page.goto('/auth');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password').fill('Wrong#Pass1');

    for (const [trigger, submit, path] of [
      ['Forgot password?', 'Send Reset Link', '/api/auth/request-password-reset'],
      ['Resend it', 'Resend Email', '/api/auth/send-verification-email'],
    ] as const) {
      await page.getByRole('button', { name: trigger }).click();
      const dialog = page.getByRole('dialog');
      const sent = page.waitForResponse((response) => new URL(response.url()).pathname === path);
      await dialog.getByRole('button', { name: submit }).click();
      await sent;
      await expect(dialog.getByRole('status')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    expect(signIns).toEqual([]);
    await expect(page.getByText('Sign in failed')).toBeHidden();
  });

  test('the sidebar column runs the full height of a long page', async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // A new user's billing page fits in 800 px; the database page (its stats, filters and empty
    // table) runs past the screen's foot.
    await page.goto('/dashboard/instagram-database');
    // Generous: the first visit downloads the remote on a machine that may be busy.
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram Database' })).toBeVisible({
      timeout: 30_000,
    });
    const { pageHeight, sidebarHeight } = await page.evaluate(() => ({
      pageHeight: document.scrollingElement?.scrollHeight ?? 0,
      sidebarHeight: document.querySelector('aside')?.getBoundingClientRect().height ?? 0,
    }));
    // A page longer than the screen, or the check proves nothing.
    expect(pageHeight).toBeGreaterThan(800);
    expect(sidebarHeight).toBeGreaterThanOrEqual(pageHeight - 1);
  });
});
