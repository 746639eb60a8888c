import { RECHECK_NOTICES, type TExtractionData } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { profile } from '../_factories.ts';
import { mergeRecheckedProfile } from './merge-rechecked-profile.ts';

const provenance = (fetchedAt: string) => ({
  provider: 'sandbox' as const,
  field: 'public_email' as const,
  fetchedAt,
});
const withEmail = (email: string, extra: Partial<TExtractionData> = {}) =>
  profile('shop', {
    public_email: email,
    email_provenance: provenance('2026-01-01T00:00:00.000Z'),
    ...extra,
  });

describe('what a re-check keeps', () => {
  it('takes the profile as it is now, its current e-mail included, when the record has an e-mail', () => {
    const fresh = withEmail('new@shop.test', { follower_count: 99, other_emails: ['press@shop.test'] });
    expect(mergeRecheckedProfile(withEmail('old@shop.test'), fresh)).toEqual({
      profile: fresh,
      notice: null,
    });
  });

  it('keeps the saved e-mail, its provenance and other addresses when the profile shows none any more', () => {
    const saved = withEmail('old@shop.test', { other_emails: ['press@shop.test'] });
    const fresh = profile('shop', { public_email: null, follower_count: 7 });
    expect(mergeRecheckedProfile(saved, fresh)).toEqual({
      profile: {
        ...fresh,
        public_email: 'old@shop.test',
        email_provenance: saved.email_provenance,
        other_emails: ['press@shop.test'],
      },
      notice: RECHECK_NOTICES.emailNoLongerShown,
    });
  });

  it('never gives a record without an e-mail one, nor the other addresses, and says why', () => {
    const saved = profile('shop', { public_email: null });
    const fresh = withEmail('found@shop.test', { other_emails: ['press@shop.test'], full_name: 'Now' });
    expect(mergeRecheckedProfile(saved, fresh)).toEqual({
      profile: { ...fresh, public_email: null, email_provenance: null, other_emails: [] },
      notice: RECHECK_NOTICES.emailWithheld,
    });
  });

  it('simply takes the fresh profile when neither has an e-mail', () => {
    const fresh = profile('shop', { public_email: null, full_name: 'Renamed' });
    expect(mergeRecheckedProfile(profile('shop', { public_email: null }), fresh)).toEqual({
      profile: fresh,
      notice: null,
    });
  });
});
