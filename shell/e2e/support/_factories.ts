import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { sandboxAccountExists } from '@prospector/extractor/sandbox-accounts';

/** A strong password that passes every sign-up rule (docs/product.md §5). */
export const STRONG_PASSWORD = 'Str0ng#Pass';

export type TTestUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
};

/** A new person each call: unique e-mail, nothing shared with other tests. */
export function buildUser(overrides: Partial<TTestUser> = {}): TTestUser {
  const id = randomUUID().slice(0, 8);
  return {
    email: `e2e-${id}@example.com`,
    password: STRONG_PASSWORD,
    firstName: 'Ada',
    lastName: `Tester ${id}`,
    companyName: `Analytical Engines ${id}`,
    ...overrides,
  };
}

/**
 * Usernames nobody has extracted yet: fresh ones each call, valid for Instagram's pattern, and each an
 * account the servers' sample provider has (about 1 in 20 random names "does not exist" there).
 */
export function freshUsernames(count: number): string[] {
  const tag = randomUUID().replaceAll('-', '').slice(0, 10);
  const names: string[] = [];
  for (let index = 0; names.length < count; index += 1) {
    const name = `e2e_${tag}_${index}`;
    if (sandboxAccountExists(name)) names.push(name);
  }
  return names;
}

type TMail = { to: string; subject: string; text: string };

/**
 * Every message in the dev mailbox. The request context keeps its connection alive between polls, and
 * the server may close an idle one just as the next poll reuses it: a reset is retried on a new one.
 */
export async function readMailbox(request: APIRequestContext): Promise<TMail[]> {
  const response = await request.get('/dev/mailbox.json', { maxRetries: 2 });
  expect(response.status()).toBe(200);
  return (await response.json()) as TMail[];
}

/** The newest dev-mailbox message to `email` whose subject matches, waiting for it to arrive. */
export async function readMail(request: APIRequestContext, email: string, subject: RegExp): Promise<TMail> {
  let found: TMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readMailbox(request);
        found = mails.find((mail) => mail.to === email && subject.test(mail.subject));
        return Boolean(found);
      },
      { message: `a "${subject}" e-mail to ${email}` },
    )
    .toBe(true);
  return found as TMail;
}

/** The first link in a mail's text that goes to `path` on this app. */
export function linkIn(mail: TMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  return link;
}

/** better-auth refuses POSTs without a trusted Origin; the browser sends one, API calls must too. */
const originOf = (request: APIRequestContext, baseURL: string) => ({
  headers: { origin: new URL(baseURL).origin },
  request,
});

/**
 * Signs a user up through the API and opens the verification link (which signs them in), then
 * optionally completes onboarding by skipping it. Returns the user; `request` holds the session.
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  baseURL: string,
  { onboarded = true, ...overrides }: Partial<TTestUser> & { onboarded?: boolean } = {},
): Promise<TTestUser> {
  const user = buildUser(overrides);
  const { headers } = originOf(request, baseURL);
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers,
    data: {
      email: user.email,
      password: user.password,
      firstName: user.firstName,
      lastName: user.lastName,
      accountType: 'business',
      companyName: user.companyName,
      country: 'Italy',
      callbackURL: '/auth/callback',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const mail = await readMail(request, user.email, /confirm/i);
  const verified = await request.get(linkIn(mail, '/api/auth/verify-email'));
  expect(verified.ok()).toBe(true);
  // The first profile read creates the profile (and starts the trial).
  expect((await request.get('/api/account/profile')).status()).toBe(200);
  if (onboarded) {
    const skipped = await request.post('/api/account/onboarding/skip', { headers });
    expect(skipped.status()).toBe(200);
  }
  return user;
}

/** Copies the API session into a browser context, so its pages are signed in as that user. */
export async function shareSession(request: APIRequestContext, context: BrowserContext) {
  const { cookies } = await request.storageState();
  await context.addCookies(cookies);
}

type TFixtures = {
  /** A signed-in page for a fresh user who has finished onboarding. */
  signedInPage: Page;
  signedInUser: TTestUser;
};

export const test = base.extend<TFixtures>({
  signedInUser: async ({ request, baseURL }, use) => {
    await use(await createVerifiedUser(request, baseURL as string));
  },
  signedInPage: async ({ page, request, signedInUser: _user }, use) => {
    await shareSession(request, page.context());
    await use(page);
  },
});

export { expect };
