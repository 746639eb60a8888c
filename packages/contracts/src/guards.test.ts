import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZSubscriptionCheckSchema } from './billing/subscription.ts';
import { isSubscriptionCheck } from './billing/subscription-check.ts';
import { ZStoredCookieConsentSchema } from './marketing/consent-schemas.ts';
import { isStoredCookieConsent } from './marketing/consents.ts';
import { isRemoteManifest, REMOTE_NAMES } from './remotes.ts';

/**
 * The plain guards the first load uses instead of schemas (to leave zod out of it) accept what the
 * contract's schema accepts and refuse what it refuses.
 */
const agree = (guard: (value: unknown) => boolean, schema: z.ZodType, values: unknown[]) => {
  for (const value of values) expect([value, guard(value)]).toEqual([value, schema.safeParse(value).success]);
};

describe('first-load guards', () => {
  it('isSubscriptionCheck matches ZSubscriptionCheckSchema', () => {
    const check = {
      subscribed: true,
      subscription_plan: 'package_2',
      subscription_end: '2026-12-24T10:00:00.000Z',
      cancel_at_period_end: false,
    };
    agree(isSubscriptionCheck, ZSubscriptionCheckSchema, [
      check,
      { ...check, subscribed: false, subscription_plan: 'none', subscription_end: null },
      { ...check, subscription_plan: 'trial' },
      { ...check, subscription_end: 'soon' },
      { ...check, subscribed: 'yes' },
      { ...check, cancel_at_period_end: undefined },
      null,
      'subscribed',
    ]);
  });

  it('isStoredCookieConsent matches ZStoredCookieConsentSchema', () => {
    const stored = {
      necessary: true,
      analytics: false,
      marketing: true,
      functional: false,
      policyVersion: 'v1',
    };
    agree(isStoredCookieConsent, ZStoredCookieConsentSchema, [
      stored,
      { ...stored, necessary: false },
      { ...stored, analytics: 'no' },
      { ...stored, extra: 1 },
      { ...stored, policyVersion: 1 },
      [],
      null,
    ]);
  });

  it('isRemoteManifest takes a list of known remotes with their entries', () => {
    const remotes = REMOTE_NAMES.map((name) => ({ name, entry: `/remotes/${name}/remoteEntry.js` }));
    expect(isRemoteManifest({ remotes })).toBe(true);
    expect(isRemoteManifest({ remotes: [] })).toBe(true);
    expect(isRemoteManifest({ remotes: [{ name: 'admin', entry: '/x.js' }] })).toBe(false);
    expect(isRemoteManifest({ remotes: [{ name: 'marketing', entry: '' }] })).toBe(false);
    expect(isRemoteManifest({ remotes: [{ name: 'marketing' }] })).toBe(false);
    expect(isRemoteManifest({ remotes: {} })).toBe(false);
    expect(isRemoteManifest(null)).toBe(false);
  });
});
