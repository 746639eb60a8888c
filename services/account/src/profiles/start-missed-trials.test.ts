import { createLogger } from '@prospector/service-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CookieJar,
  findLink,
  signUpBody,
  uniqueEmail,
  useAccountHarness,
  VERIFY_SUBJECT,
  waitFor,
} from '../_factories.ts';
import { profiles, user } from '../db/schema.ts';
import { createProfileStore } from './profile-store.ts';

/**
 * The trial (the profile and `accounts.created`, which billing turns into the trial credits) starts
 * when the e-mail is verified, not when the profile is first read: a user of the API alone gets it too.
 */
describe('the trial starts at e-mail verification', () => {
  const h = useAccountHarness();

  const createdFor = (userId: string) =>
    h.published.filter((event) => event.type === 'accounts.created' && event.userId === userId);
  const userIdOf = async (email: string) =>
    (await h.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id as string;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('creates the profile and announces accounts.created once, with no profile read, however often the link is followed', async () => {
    const email = uniqueEmail('verified');
    expect(
      (await h.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(email) })).status,
    ).toBe(200);
    const userId = await userIdOf(email);
    const link = new URL(
      findLink((await h.waitForMail(email, VERIFY_SUBJECT)).body, '/api/auth/verify-email'),
    );
    // Before verification: no account yet.
    await wait(300);
    expect(createdFor(userId)).toHaveLength(0);

    expect((await h.request(`${link.pathname}${link.search}`, { jar: new CookieJar() })).status).toBe(302);
    const [created] = await waitFor(() => (createdFor(userId).length > 0 ? createdFor(userId) : undefined));
    expect(created?.data).toEqual({ email, name: 'Ada Lovelace' });
    const [profile] = await h.database.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile).toMatchObject({ email, subscriptionStatus: 'trial', onboardingCompleted: false });

    // The link again (a second click, a mail client's preview), then a profile read: nothing new.
    expect((await h.request(`${link.pathname}${link.search}`, { jar: new CookieJar() })).status).toBe(302);
    const jar = new CookieJar();
    const signIn = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: signUpBody(email).password },
      jar,
    });
    expect(signIn.status).toBe(200);
    expect((await h.request('/api/account/profile', { jar })).status).toBe(200);
    await wait(1_500);
    expect(createdFor(userId)).toHaveLength(1);
  });

  it('starts the trial of a verified user without a profile from the sweeper, once', async () => {
    // Verified, but the verification hook never ran (its process died right after better-auth's update).
    const email = uniqueEmail('missed');
    expect(
      (await h.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(email) })).status,
    ).toBe(200);
    const userId = await userIdOf(email);
    await h.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    // An unverified user is left alone.
    const unverified = uniqueEmail('unverified');
    await h.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(unverified) });
    const unverifiedId = await userIdOf(unverified);

    const store = createProfileStore(h.database);
    const logger = createLogger({ test: 'trial-sweeper' }, 'silent');
    // The sweeper looks at once when started; stop() waits for that sweep.
    await store.startTrialSweeper(logger, 60_000).stop();
    await waitFor(() => (createdFor(userId).length > 0 ? true : undefined));
    await store.startTrialSweeper(logger, 60_000).stop();
    await wait(1_500);

    expect(createdFor(userId)).toHaveLength(1);
    expect(createdFor(unverifiedId)).toHaveLength(0);
    expect(await h.database.db.select().from(profiles).where(eq(profiles.userId, unverifiedId))).toHaveLength(
      0,
    );
  });
});
