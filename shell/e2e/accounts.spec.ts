import {
  buildUser,
  createVerifiedUser,
  expect,
  linkIn,
  readMail,
  readMailbox,
  test,
} from './support/_factories.ts';

// The Accounts issue end to end: sign-up, verification, onboarding, guards, settings.

test.describe('accounts', () => {
  test('a new business user signs up, verifies, onboards and lands on the dashboard with the trial', async ({
    page,
    request,
  }) => {
    const user = buildUser();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    // Company and VAT appear only for business accounts.
    await expect(page.getByLabel('Company name')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Account type' }).click();
    await page.getByRole('option', { name: 'Business' }).click();
    await page.getByLabel('Company name').fill(user.companyName);
    await page.getByLabel('VAT number (optional)').fill('IT12345678901');
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm password').fill('weak');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText('Account created successfully! Please check your email to verify your account.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
    // The form is done with: no empty copy of it stays under "Check your inbox".
    await expect(page.getByText('Check your inbox')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
    await expect(page.getByLabel('First name')).toHaveCount(0);

    const mail = await readMail(request, user.email, /confirm/i);
    await page.goto(linkIn(mail, '/api/auth/verify-email'));
    await expect(page).toHaveURL(/\/auth\/callback/);
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();

    // 1.5 s later: the dashboard, which first asks for the onboarding answers.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About your business' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await page.getByLabel('SaaS').check();
    await expect(next).toBeDisabled();
    await page.getByLabel('2–10 people').check();
    await expect(next).toBeEnabled();
    await next.click();

    await expect(page.getByRole('heading', { level: 1, name: 'How you found us' })).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('Google search').check();
    await page.getByLabel('Technology').check();
    // Back keeps the answers.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('SaaS')).toBeChecked();
    await next.click();
    await expect(next).toBeEnabled();
    await next.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your goals' })).toBeVisible();
    await page.getByLabel('HubSpot').check();
    await expect(next).toBeDisabled();
    await page.getByLabel('Lead Generation').check();
    await expect(next).toBeEnabled();
    await next.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your budget' })).toBeVisible();
    const complete = page.getByRole('button', { name: 'Complete Setup' });
    await expect(complete).toBeDisabled();
    await page.getByLabel('$1,000 – $5,000').check();
    await complete.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to your dashboard' })).toBeVisible();
    await expect(page.getByTestId('credits-balance')).toHaveText('25');
    await expect(page.getByTestId('credits-badge')).toHaveText('25 credits');
    await expect(page.getByTestId('plan-status')).toHaveText('15 days left');
    await expect(page.getByText('Free Trial')).toBeVisible();
    for (const title of ['Total Extractions', 'Emails Found', 'Credits Used', 'Success Rate']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByText('0%')).toBeVisible();

    // The answers were saved: the profile says onboarding is done.
    const profile = await page.request.get('/api/account/profile');
    expect(await profile.json()).toMatchObject({
      email: user.email,
      accountType: 'business',
      companyName: user.companyName,
      vatNumber: 'IT12345678901',
      country: 'Germany',
      onboardingCompleted: true,
    });
  });

  test('signed out, /dashboard/settings lands on /auth', async ({ page }) => {
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  });

  test('signed in through the form, /auth lands on /dashboard; Sign Out leaves', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = await createVerifiedUser(request, baseURL as string);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email or password incorrect')).toBeVisible();
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to your dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Successfully logged out!')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a profile edit survives a reload', async ({ signedInPage: page, signedInUser: user }) => {
    await page.goto('/dashboard/settings');
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Email')).not.toBeEditable();
    await page.getByLabel('First name').fill('  Grace  ');
    await page.getByLabel('Company name').fill('Hopper <Labs>');
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Canada' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.reload();
    // Text was cleaned before saving (docs/product.md §5).
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByLabel('Company name')).toHaveValue('Hopper Labs');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText('Canada');
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('GT');
  });

  test('a profile change made elsewhere reaches the open page without a reload', async ({
    signedInPage: page,
  }) => {
    await page.goto('/dashboard');
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await expect(avatar).toHaveText('AT');
    // Wait until the live stream is connected, so the change below is not fetched by a first load.
    await page.waitForLoadState('networkidle');
    let reloads = 0;
    page.on('load', () => {
      reloads += 1;
    });

    // Another tab (same session, outside this page) edits the profile.
    const response = await page.request.patch('/api/account/profile', {
      data: { firstName: 'Grace', lastName: 'Hopper', accountType: 'personal', country: 'Italy' },
    });
    expect(response.status()).toBe(200);

    await expect(avatar).toHaveText('GH');
    expect(reloads).toBe(0);
  });

  test('a password change with a weak password shows the spec message; a strong one is saved', async ({
    signedInPage: page,
    signedInUser: user,
  }) => {
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm new password').fill('weakpas');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText("New passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm new password').fill('weakpass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('N3w#Password');
    await page.getByLabel('Confirm new password').fill('N3w#Password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
  });

  test('an expired link offers to resend the confirmation, and a new one arrives', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = buildUser();
    const signUp = await request.post('/api/auth/sign-up/email', {
      headers: { origin: new URL(baseURL as string).origin },
      data: {
        email: user.email,
        password: user.password,
        firstName: user.firstName,
        lastName: user.lastName,
        accountType: 'personal',
        country: 'Spain',
        callbackURL: '/auth/callback',
      },
    });
    expect(signUp.status()).toBe(200);
    const confirmations = async () => {
      const mails = await readMailbox(request);
      return mails.filter((mail) => mail.to === user.email && /confirm/i.test(mail.subject)).length;
    };
    await expect.poll(confirmations).toBe(1);

    await page.goto('/auth?error=TOKEN_EXPIRED');
    await expect(
      page.getByText('Email verification link has expired. Please request a new one.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByRole('button', { name: 'Resend Email' }).click();
    await expect(
      dialog.getByText(
        'New confirmation email sent! Check your inbox and click the link to verify your account.',
      ),
    ).toBeVisible();
    await expect.poll(confirmations).toBe(2);
  });

  test('forgot password: the dialog asks for an e-mail, the link sets a new password', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = await createVerifiedUser(request, baseURL as string);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByText('Please enter your email address')).toBeVisible();
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      dialog.getByText('Password reset email sent! Check your inbox and follow the instructions.'),
    ).toBeVisible();

    const mail = await readMail(request, user.email, /reset/i);
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByLabel('New password').fill('abc12');
    await page.getByLabel('Confirm password').fill('abc13');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm password').fill('abc12');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByLabel('New password').fill('N3w#Password');
    await page.getByLabel('Confirm password').fill('N3w#Password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
    await expect(
      page.getByText('Your password has been changed. Taking you to your dashboard…'),
    ).toBeVisible();
    // The reset signed this browser in afresh: after 2 s the dashboard opens, no sign-in asked.
    await expect(page).toHaveURL(/\/dashboard$/);
    const session = await page.request.get('/api/auth/get-session');
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(user.email);
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: new URL(baseURL as string).origin },
      data: { email: user.email, password: 'N3w#Password' },
    });
    expect(signIn.status()).toBe(200);
  });

  test('an expired or broken verification link shows Verification Failed with a way back', async ({
    page,
  }) => {
    await page.goto('/auth/callback?error=TOKEN_EXPIRED');
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(
      page.getByText('Email verification link has expired. Please request a new confirmation email.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto('/auth?error=TOKEN_EXPIRED');
    await expect(
      page.getByText('Email verification link has expired. Please request a new one.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Resend Email' }).click();
    await expect(dialog.getByText('Please enter your email address')).toBeVisible();
  });
});
