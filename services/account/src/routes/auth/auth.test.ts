import { createCachedSessionVerifier, createHttpSessionVerifier, requireUser } from '@prospector/auth-client';
import { AUTH_ERROR_MESSAGES, PASSWORD_MESSAGES } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import {
  CookieJar,
  EXISTING_ACCOUNT_SUBJECT,
  findLink,
  RESET_SUBJECT,
  STRONG_PASSWORD,
  signUpBody,
  uniqueEmail,
  useAccountHarness,
  VERIFY_SUBJECT,
  WELCOME_SUBJECT,
  waitFor,
} from '../../_factories.ts';
import { session } from '../../db/schema.ts';

describe('auth journey (real PostgreSQL, real SMTP)', () => {
  const h = useAccountHarness();

  it('signs up, verifies by mail, resets the password, signs out everywhere', async () => {
    const email = uniqueEmail('journey');
    const signUp = await h.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(email) });
    expect(signUp.status).toBe(200);
    expect(((await signUp.json()) as { token: unknown }).token).toBeNull();

    // Not signed in before the link is followed.
    const early = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD },
    });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');

    const verifyMail = await h.waitForMail(email, VERIFY_SUBJECT);
    const link = new URL(findLink(verifyMail.body, '/api/auth/verify-email'));
    expect(link.searchParams.get('callbackURL')).toBe('/auth/callback');
    const browser = new CookieJar();
    const verified = await h.request(`${link.pathname}${link.search}`, { jar: browser });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/auth/callback');
    const setCookie = verified.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const session = (await (await h.request('/api/auth/get-session', { jar: browser })).json()) as {
      user: { id: string; email: string; emailVerified: boolean; firstName: string; country: string };
    };
    expect(session.user).toMatchObject({ email, emailVerified: true, firstName: 'Ada', country: 'Italy' });
    const userId = session.user.id;
    await h.waitForMail(email, WELCOME_SUBJECT);

    const profile = await h.request('/api/account/profile', { jar: browser });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({
      userId,
      email,
      subscriptionStatus: 'trial',
      subscriptionPlan: 'none',
      trialDaysLeft: 15,
      trialExpired: false,
      onboardingCompleted: false,
    });
    await h.request('/api/account/profile', { jar: browser });
    await waitFor(() => h.published.find((e) => e.type === 'accounts.created' && e.userId === userId));
    expect(h.published.filter((e) => e.type === 'accounts.created' && e.userId === userId)).toHaveLength(1);

    // Another service's view of the same session, over HTTP, with a cache far longer than the test.
    const identity = await createCachedSessionVerifier({
      source: createHttpSessionVerifier(h.url),
      events: h.bus,
      ttlMs: 60_000,
    });
    const other = new Hono().get('/api/other/me', requireUser(identity), (c) => c.json(c.get('user')));
    const asOther = (cookie: string) => other.request('/api/other/me', { headers: { cookie } });
    const firstCookie = browser.header();
    // Another service (over HTTP, as in distributed mode) learns the name, personal workspace and role too.
    expect(await (await asOther(firstCookie)).json()).toEqual({
      userId,
      email,
      name: 'Ada Lovelace',
      workspaceId: userId,
      role: 'owner',
    });

    // Forgot password → mailed link to /reset-password?token=… → new password (6 is enough here).
    const forgot = await h.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/reset-password' },
    });
    expect(forgot.status).toBe(200);
    const resetLink = new URL(findLink((await h.waitForMail(email, RESET_SUBJECT)).body, '/reset-password'));
    const token = resetLink.searchParams.get('token');
    expect(token).toBeTruthy();
    const tooShort = await h.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: 'abc', token },
    });
    expect(tooShort.status).toBe(400);
    expect(((await tooShort.json()) as { message: string }).message).toBe(PASSWORD_MESSAGES.resetTooShort);
    const resetBrowser = new CookieJar();
    const reset = await h.request('/api/auth/reset-password', {
      method: 'POST',
      jar: resetBrowser,
      json: { newPassword: 'simple', token },
    });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie().join('\n')).toMatch(/prospector\.session_token=[^;]+;.*HttpOnly/i);

    // The reset ended every other session, and the other service heard it at once…
    expect(await (await h.request('/api/auth/get-session', { jar: browser })).json()).toBeNull();
    await waitFor(async () => ((await asOther(firstCookie)).status === 401 ? true : undefined), 2_000);
    // …and signed in the browser that reset it, with a session of its own.
    const afterReset = (await (await h.request('/api/auth/get-session', { jar: resetBrowser })).json()) as {
      user: { id: string };
      session: { token: string };
    };
    expect(afterReset.user.id).toBe(userId);
    expect(resetBrowser.header()).not.toBe(firstCookie);
    expect((await asOther(resetBrowser.header())).status).toBe(200);
    const replay = await h.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: 'another', token },
    });
    expect(replay.status).toBe(400);
    expect(replay.headers.getSetCookie()).toEqual([]);

    const oldPassword = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    expect(await oldPassword.json()).toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: AUTH_ERROR_MESSAGES.INVALID_EMAIL_OR_PASSWORD,
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Email or password incorrect' },
    });

    const again = new CookieJar();
    const signIn = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      jar: again,
      json: { email, password: 'simple' },
    });
    expect(signIn.status).toBe(200);
    const secondCookie = again.header();
    expect((await asOther(secondCookie)).status).toBe(200);

    const signOut = await h.request('/api/auth/sign-out', { method: 'POST', jar: again });
    expect(signOut.status).toBe(200);
    // Cached for 60 s, yet refused at once: the sessions-ended event dropped it.
    await waitFor(async () => ((await asOther(secondCookie)).status === 401 ? true : undefined), 2_000);
    expect(await (await asOther(secondCookie)).json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    await identity.stop();
  });

  it('answers sign-up validation errors with the spec messages', async () => {
    const email = uniqueEmail('invalid');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }, PASSWORD_MESSAGES.tooShort],
      [{ password: 'lowercase1!', confirmPassword: 'lowercase1!' }, PASSWORD_MESSAGES.uppercase],
      [{ password: 'UPPERCASE1!', confirmPassword: 'UPPERCASE1!' }, PASSWORD_MESSAGES.lowercase],
      [{ password: 'NoDigits!!', confirmPassword: 'NoDigits!!' }, PASSWORD_MESSAGES.number],
      [{ password: 'NoSpecial12', confirmPassword: 'NoSpecial12' }, PASSWORD_MESSAGES.special],
      [{ confirmPassword: 'Different#1' }, PASSWORD_MESSAGES.mismatch],
      [{ accountType: 'business' }, 'Company name is required'],
      [{ email: '' }, 'Please enter your email address'],
    ];
    for (const [override, message] of cases) {
      const response = await h.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { ...signUpBody(email), ...override },
      });
      expect(response.status, message).toBe(400);
      expect(await response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        error: { code: 'VALIDATION_FAILED', message },
      });
    }
    expect(h.mailsTo(email)).toEqual([]);
  });

  it('answers sign-in, reset-request and resend validation errors with the spec messages', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        '/api/auth/sign-in/email',
        { email: '', password: STRONG_PASSWORD },
        'Please enter your email address',
      ],
      ['/api/auth/sign-in/email', { password: STRONG_PASSWORD }, 'Please enter your email address'],
      [
        '/api/auth/sign-in/email',
        { email: 'ada@', password: STRONG_PASSWORD },
        'Please enter a valid email address',
      ],
      ['/api/auth/sign-in/email', { email: 'ada@example.com', password: '' }, 'Password is required'],
      ['/api/auth/sign-in/email', { email: 'ada@example.com' }, 'Password is required'],
      [
        '/api/auth/request-password-reset',
        { email: '  ', redirectTo: '/reset-password' },
        'Please enter your email address',
      ],
      ['/api/auth/request-password-reset', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['/api/auth/send-verification-email', { email: '' }, 'Please enter your email address'],
      ['/api/auth/send-verification-email', {}, 'Please enter your email address'],
    ];
    for (const [path, json, message] of cases) {
      const response = await h.request(path, { method: 'POST', json });
      expect(response.status, `${path} ${JSON.stringify(json)}`).toBe(400);
      expect(await response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        error: { code: 'VALIDATION_FAILED', message },
      });
    }
    const noBody = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'not json',
    });
    expect(noBody.status).toBe(400);
    expect(((await noBody.json()) as { message: string }).message).toBe('Please enter your email address');
  });

  it('passes a valid sign-in, reset request and resend on with the e-mail trimmed', async () => {
    const email = uniqueEmail('trimmed');
    const signUp = await h.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(email) });
    expect(signUp.status).toBe(200);
    await h.waitForMail(email, VERIFY_SUBJECT);
    const resend = await h.request('/api/auth/send-verification-email', {
      method: 'POST',
      json: { email: ` ${email} `, callbackURL: 'https://evil.example/steal' },
    });
    expect(resend.status).toBe(200);
    const second = await waitFor(() => {
      const mails = h.mailsTo(email).filter((mail) => mail.subject === VERIFY_SUBJECT);
      return mails.length === 2 ? mails[1] : undefined;
    });
    // A foreign callback is replaced with the product's own.
    const link = new URL(findLink(second.body, '/api/auth/verify-email'));
    expect(link.searchParams.get('callbackURL')).toBe('/auth/callback');

    const jar = new CookieJar();
    const verified = await h.request(`${link.pathname}${link.search}`, { jar });
    expect(verified.status).toBe(302);
    const signIn = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: `${email}  `, password: STRONG_PASSWORD, rememberMe: false },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie().join('\n')).toContain('prospector.dont_remember=');

    const forgot = await h.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: ` ${email}`, redirectTo: '/reset-password' },
    });
    expect(forgot.status).toBe(200);
    await h.waitForMail(email, RESET_SUBJECT);
  });

  it('cleans sign-up text and refuses a weak new password on change', async () => {
    const email = uniqueEmail('clean');
    const browser = await h.createVerifiedUser(email, { firstName: '  <b>Grace</b> ', lastName: 'Hopper' });
    const profile = (await (await h.request('/api/account/profile', { jar: browser })).json()) as {
      firstName: string;
      fullName: string;
    };
    expect(profile.firstName).toBe('bGrace/b');

    const weak = await h.request('/api/auth/change-password', {
      method: 'POST',
      jar: browser,
      json: { currentPassword: STRONG_PASSWORD, newPassword: 'weakpass', confirmPassword: 'weakpass' },
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toBe(PASSWORD_MESSAGES.uppercase);
    const mismatch = await h.request('/api/auth/change-password', {
      method: 'POST',
      jar: browser,
      json: { currentPassword: STRONG_PASSWORD, newPassword: 'N3w#Password', confirmPassword: 'Other#123' },
    });
    expect(((await mismatch.json()) as { message: string }).message).toBe(PASSWORD_MESSAGES.newMismatch);

    const changed = await h.request('/api/auth/change-password', {
      method: 'POST',
      jar: browser,
      json: {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'N3w#Password',
        confirmPassword: 'N3w#Password',
      },
    });
    expect(changed.status).toBe(200);
    await waitFor(() =>
      h.published.find(
        (e) =>
          e.type === 'accounts.sessions-ended' &&
          e.data &&
          (e.data as { reason: string }).reason === 'password-changed',
      ),
    );
    const signIn = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'N3w#Password' },
    });
    expect(signIn.status).toBe(200);
  });

  it('answers a duplicate sign-up like a new one and tells the owner instead', async () => {
    const email = uniqueEmail('dupe');
    await h.createVerifiedUser(email);
    const fresh = await h.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: signUpBody(uniqueEmail('fresh')),
    });
    const duplicate = await h.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { ...signUpBody(email), firstName: 'Mallory' },
    });
    expect(duplicate.status).toBe(fresh.status);
    type TSignUpAnswer = { token: unknown; user: Record<string, unknown> };
    const freshBody = (await fresh.json()) as TSignUpAnswer;
    const duplicateBody = (await duplicate.json()) as TSignUpAnswer;
    expect(Object.keys(duplicateBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(duplicateBody.token).toBeNull();
    expect(duplicateBody.user).toMatchObject({ email, emailVerified: false });

    await h.waitForMail(email, EXISTING_ACCOUNT_SUBJECT);
    expect(h.mailsTo(email).filter((mail) => mail.subject === VERIFY_SUBJECT)).toHaveLength(1);

    // Reset and resend answer alike for a known and an unknown address.
    for (const path of ['/api/auth/request-password-reset', '/api/auth/send-verification-email']) {
      const known = await h.request(path, { method: 'POST', json: { email, redirectTo: '/reset-password' } });
      const unknown = await h.request(path, {
        method: 'POST',
        json: { email: uniqueEmail('nobody'), redirectTo: '/reset-password' },
      });
      expect(known.status, path).toBe(200);
      expect(unknown.status, path).toBe(200);
      expect(await unknown.json(), path).toEqual(await known.json());
    }
  });

  it('answers a reset token holding a NUL or other control character as an invalid token, not a 500', async () => {
    for (const [path, json] of [
      ['/api/auth/reset-password', { newPassword: 'simple', token: 'a\u0000b' }],
      ['/api/auth/reset-password', { newPassword: 'simple', token: 'abc\u202e' }],
      ['/api/auth/reset-password?token=a%00b', { newPassword: 'simple' }],
    ] as const) {
      const response = await h.request(path, { method: 'POST', json });
      expect(response.status, `${path} ${JSON.stringify(json)}`).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'INVALID_TOKEN',
        message: AUTH_ERROR_MESSAGES.INVALID_TOKEN,
      });
    }
  });

  it('does not offer better-auth routes the product routes elsewhere', async () => {
    const response = await h.request('/api/auth/update-user', { method: 'POST', json: { name: 'x' } });
    expect(response.status).toBe(404);
  });
});

describe('auth rate limit', () => {
  const h = useAccountHarness({ config: { authRateLimit: { max: 3, windowSeconds: 60 } } });

  it('answers 429 after the limit, whatever address the client claims', async () => {
    const attempt = (headers: Record<string, string> = {}) =>
      h.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers,
        json: { email: 'someone@example.com', password: 'wrong-password' },
      });
    for (let index = 0; index < 3; index += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: { code: 'RATE_LIMITED', message: AUTH_ERROR_MESSAGES.RATE_LIMITED },
    });
    const spoofed = await attempt({
      'x-forwarded-for': '203.0.113.7',
      'x-real-ip': '203.0.113.8',
      'x-prospector-client-ip': '203.0.113.9',
    });
    expect(spoofed.status).toBe(429);
    // Reading the session is not limited: every service asks it on every request.
    expect((await h.request('/api/auth/get-session')).status).toBe(200);
  });
});

describe('an unexpected failure inside better-auth', () => {
  const h = useAccountHarness({ smtp: false });

  it('answers the JSON error body and prints nothing of the request (no SQL parameters on stderr)', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    await h.database.sql`alter table account."user" rename to user_gone`;
    try {
      const email = uniqueEmail('unexpected');
      const response = await h.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: signUpBody(email),
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        error: { code: 'INTERNAL', message: 'An unexpected error occurred. Please try again.' },
      });
      expect(text).not.toContain(email);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      await h.database.sql`alter table account.user_gone rename to "user"`;
      printed.mockRestore();
    }
  });
});

describe('trusted origins and cookie flags', () => {
  const h = useAccountHarness({ config: { publicUrl: 'https://app.prospector.test' } });

  it('refuses a sign-in from a foreign origin and creates no session', async () => {
    const email = uniqueEmail('origin');
    const jar = await h.createVerifiedUser(email);
    const { user: signedIn } = (await (await h.request('/api/auth/get-session', { jar })).json()) as {
      user: { id: string };
    };
    const userId = signedIn.id;
    const sessionsBefore = await h.database.db.select().from(session).where(eq(session.userId, userId));

    const foreign = { origin: 'https://evil.example' };
    const signIn = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: foreign,
      json: { email, password: STRONG_PASSWORD },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.getSetCookie()).toEqual([]);
    // Every service's same-origin check answers before better-auth's own origin check would.
    expect(await signIn.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Requests from other sites are not allowed.' },
    });
    const sessionsNow = await h.database.db.select().from(session).where(eq(session.userId, userId));
    expect(sessionsNow).toHaveLength(sessionsBefore.length);

    // The same call from the app's own origin works, so the refusal above was the origin's doing.
    const trusted = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD },
    });
    expect(trusted.status).toBe(200);
    const sessionsAfter = await h.database.db.select().from(session).where(eq(session.userId, userId));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length + 1);
  });

  it('marks the session cookie Secure, HttpOnly and SameSite=Lax behind an https PUBLIC_URL', async () => {
    const email = uniqueEmail('secure');
    await h.createVerifiedUser(email);
    const signIn = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((line) => line.includes('prospector.session_token='));
    expect(cookie).toBeDefined();
    const attributes = (cookie ?? '').split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
  });
});
