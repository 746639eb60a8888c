import { ONBOARDING_OPTIONS, type TProfile } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CookieJar,
  startAccountHarness,
  type TAccountHarness,
  uniqueEmail,
  useAccountHarness,
  waitFor,
} from '../../_factories.ts';
import { outbox, profiles, session, user, userSegmentation } from '../../db/schema.ts';

const update = {
  firstName: ' Katherine ',
  lastName: 'Johnson<script>',
  accountType: 'business',
  companyName: 'NASA',
  vatNumber: 'IT123',
  country: 'United States',
};

const answers = {
  businessType: ONBOARDING_OPTIONS.businessType[0],
  companySize: ONBOARDING_OPTIONS.companySize[1],
  howFoundUs: ONBOARDING_OPTIONS.howFoundUs[0],
  industry: ONBOARDING_OPTIONS.industry[2],
  marketingGoals: [ONBOARDING_OPTIONS.marketingGoals[0]],
  currentTools: [ONBOARDING_OPTIONS.currentTools[5]],
  monthlyBudgetRange: ONBOARDING_OPTIONS.monthlyBudgetRange[1],
};

describe('/api/account profile, onboarding and erasure', () => {
  const h = useAccountHarness();

  const profileOf = async (jar: Parameters<TAccountHarness['request']>[1] extends infer T ? T : never) =>
    (await (await h.request('/api/account/profile', jar)).json()) as TProfile;

  it('refuses anyone without a session', async () => {
    const response = await h.request('/api/account/profile');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses a signed-out session at once, though its answer was cached a moment before', async () => {
    const a = await h.createVerifiedUser(uniqueEmail('signout'));
    const oldSession = CookieJar.copy(a);
    expect((await h.request('/api/account/profile', { jar: oldSession })).status).toBe(200);
    expect((await h.request('/api/auth/sign-out', { method: 'POST', jar: a })).status).toBe(200);
    const replayed = await h.request('/api/account/profile', { jar: oldSession });
    expect(replayed.status).toBe(401);
  });

  it("edits only the signed-in user's profile, cleaned, and publishes accounts.updated", async () => {
    const a = await h.createVerifiedUser(uniqueEmail('a'));
    const b = await h.createVerifiedUser(uniqueEmail('b'));
    const before = await profileOf({ jar: b });

    const patched = await h.request('/api/account/profile', {
      method: 'PATCH',
      jar: a,
      json: { ...update, userId: before.userId, email: 'hijack@example.com' },
    });
    expect(patched.status).toBe(200);
    const profile = (await patched.json()) as TProfile;
    expect(profile).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnsonscript',
      fullName: 'Katherine Johnsonscript',
      companyName: 'NASA',
      country: 'United States',
    });
    expect(profile.userId).not.toBe(before.userId);
    expect(profile.email).not.toBe('hijack@example.com');
    expect(await profileOf({ jar: b })).toEqual(before);
    const event = await waitFor(() =>
      h.published.find((e) => e.type === 'accounts.updated' && e.userId === profile.userId),
    );
    expect((event.data as { profile: TProfile }).profile).toMatchObject({ firstName: 'Katherine' });

    const invalid = await h.request('/api/account/profile', {
      method: 'PATCH',
      jar: a,
      json: { ...update, companyName: '' },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Company name is required' },
    });
  });

  it.each([
    ['a NUL in firstName', 'firstName', 'Ada\u0000', 'First name contains characters that are not allowed'],
    [
      'a right-to-left override in lastName',
      'lastName',
      'Love\u202Elace',
      'Last name contains characters that are not allowed',
    ],
    [
      'a zero-width space in companyName',
      'companyName',
      'NA\u200BSA',
      'Company name contains characters that are not allowed',
    ],
    [
      'a byte-order mark in vatNumber',
      'vatNumber',
      '\uFEFFIT123',
      'VAT number contains characters that are not allowed',
    ],
    [
      '1001 characters in firstName',
      'firstName',
      'a'.repeat(1001),
      'First name must be at most 1000 characters',
    ],
    [
      'nested script prefixes in companyName',
      'companyName',
      'java'.repeat(200) + 'script:'.repeat(200),
      'Company name must be at most 1000 characters',
    ],
  ])('refuses %s with 400 and its reason, changing nothing', async (_case, field, value, message) => {
    const a = await h.createVerifiedUser(uniqueEmail('hostile'));
    const before = await profileOf({ jar: a });
    const response = await h.request('/api/account/profile', {
      method: 'PATCH',
      jar: a,
      json: { ...update, [field]: value },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message } });
    expect(await profileOf({ jar: a })).toEqual(before);
  });

  it('stores onboarding answers or a skip, and completes onboarding', async () => {
    const jar = await h.createVerifiedUser(uniqueEmail('onboard'));
    const done = await h.request('/api/account/onboarding', { method: 'POST', jar, json: answers });
    expect(done.status).toBe(200);
    const profile = (await done.json()) as TProfile;
    expect(profile.onboardingCompleted).toBe(true);
    const [row] = await h.database.db
      .select()
      .from(userSegmentation)
      .where(eq(userSegmentation.userId, profile.userId));
    expect(row).toMatchObject({ businessType: answers.businessType, marketingGoals: answers.marketingGoals });

    const bad = await h.request('/api/account/onboarding', {
      method: 'POST',
      jar,
      json: { ...answers, marketingGoals: [] },
    });
    expect(bad.status).toBe(400);

    const skipper = await h.createVerifiedUser(uniqueEmail('skip'));
    expect((await profileOf({ jar: skipper })).onboardingCompleted).toBe(false);
    const skipped = await h.request('/api/account/onboarding/skip', { method: 'POST', jar: skipper });
    expect(((await skipped.json()) as TProfile).onboardingCompleted).toBe(true);
  });

  it('counts trial days from the trial start with the injected clock', async () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const timed = await startAccountHarness({ smtp: true, config: { now: () => now } });
    try {
      const jar = await timed.createVerifiedUser(uniqueEmail('clock'));
      const read = async () =>
        (await (await timed.request('/api/account/profile', { jar })).json()) as TProfile;
      expect(await read()).toMatchObject({ trialDaysLeft: 15, trialExpired: false });
      now = new Date('2026-01-15T11:00:00Z');
      expect(await read()).toMatchObject({ trialDaysLeft: 1, trialExpired: false });
      now = new Date('2026-01-16T10:00:00Z');
      expect(await read()).toMatchObject({ trialDaysLeft: 0, trialExpired: true });
    } finally {
      await timed.stop();
    }
  });

  it('erases the account and publishes accounts.erased', async () => {
    const jar = await h.createVerifiedUser(uniqueEmail('erase'));
    await h.request('/api/account/onboarding', { method: 'POST', jar, json: answers });
    const { userId } = await profileOf({ jar });

    const erased = await h.request('/api/account/me', { method: 'DELETE', jar });
    expect(erased.status).toBe(204);
    expect(await (await h.request('/api/auth/get-session', { jar })).json()).toBeNull();
    for (const [table, column] of [
      [user, user.id],
      [session, session.userId],
      [profiles, profiles.userId],
      [userSegmentation, userSegmentation.userId],
    ] as const) {
      expect(await h.database.db.select().from(table).where(eq(column, userId))).toEqual([]);
    }
    await waitFor(() => h.published.find((e) => e.type === 'accounts.erased' && e.userId === userId));
    // Once published, the account service's own erasure consumer removes the user's events too.
    await waitFor(async () => {
      const rows = (await h.database.db.select().from(outbox)).filter((row) => row.payload.userId === userId);
      return rows.length === 0 ? true : undefined;
    });
  });
});
