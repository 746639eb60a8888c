import { randomUUID } from 'node:crypto';

interface TMail {
  to: string;
  subject: string;
  text: string;
}

/** Session cookies from a response's Set-Cookie headers, as a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export const SIGN_UP_PASSWORD = 'Str0ng#Pass';

export interface TSignedUpUser {
  email: string;
  password: string;
  /** The session's cookies, as a Cookie header. */
  cookie: string;
}

export interface TVerifiedUser extends TSignedUpUser {
  /** The verification link as mailed, on `baseUrl` (following it again changes nothing). */
  verifyUrl: string;
}

/**
 * A new user signed up through the real API and verified: sign-up, then the verification link from
 * the dev mailbox, which starts the trial and signs them in. Nothing else is asked for.
 */
export async function signUpAndVerify(
  baseUrl: string,
  names: { label?: string; firstName?: string; lastName?: string; companyName?: string } = {},
): Promise<TVerifiedUser> {
  const origin = new URL(baseUrl).origin;
  const email = `${names.label ?? 'bench'}-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: SIGN_UP_PASSWORD,
      firstName: names.firstName ?? 'Bench',
      lastName: names.lastName ?? 'Mark',
      accountType: 'business',
      companyName: names.companyName ?? 'Benchmarks',
      country: 'Italy',
      callbackURL: '/auth/callback',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);

  let link: string | undefined;
  // A minute at most: on a loaded machine (the fault test's) the mail may take a while.
  const deadline = Date.now() + 60_000;
  while (!link && Date.now() < deadline) {
    const mails = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as TMail[];
    const mail = mails.find((m) => m.to === email && /confirm/i.test(m.subject));
    link = mail?.text
      .match(/https?:\/\/\S+/g)
      ?.find((url) => new URL(url).pathname === '/api/auth/verify-email');
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error('no verification e-mail arrived in the dev mailbox');

  // The link names PUBLIC_URL; the app may be reached on another address (a test's 127.0.0.1 port).
  const { pathname, search } = new URL(link);
  const verifyUrl = new URL(`${pathname}${search}`, baseUrl).href;
  const verified = await fetch(verifyUrl, { redirect: 'manual' });
  const cookie = cookiesOf(verified);
  if (!cookie) throw new Error(`verification set no session cookie (status ${verified.status})`);
  return { email, password: SIGN_UP_PASSWORD, cookie, verifyUrl };
}

/**
 * A new user as a browser leaves them after signing up: verified (signUpAndVerify), the profile read
 * and onboarding skipped. `names` replaces the sign-up's names (tests look for them in other users'
 * answers).
 */
export async function signUpVerifiedUser(
  baseUrl: string,
  names: Parameters<typeof signUpAndVerify>[1] = {},
): Promise<TSignedUpUser> {
  const { email, cookie } = await signUpAndVerify(baseUrl, names);
  const origin = new URL(baseUrl).origin;
  const profile = await fetch(`${baseUrl}/api/account/profile`, { headers: { cookie } });
  if (!profile.ok) throw new Error(`profile read failed: ${profile.status}`);
  const skipped = await fetch(`${baseUrl}/api/account/onboarding/skip`, {
    method: 'POST',
    headers: { cookie, origin },
  });
  if (!skipped.ok) throw new Error(`onboarding skip failed: ${skipped.status}`);
  return { email, password: SIGN_UP_PASSWORD, cookie };
}
