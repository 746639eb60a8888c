import { describe, expect, it } from 'vitest';
import { readExtractionData, type TExtractionData } from './extraction-data.ts';
import {
  cleanProfileText,
  limitProfileText,
  limitSearchUserText,
  PROFILE_TEXT_LIMITS,
} from './profile-text.ts';

const huge = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

describe('cleanProfileText', () => {
  it('cuts a 500 KB biography to its cap', () => {
    const bio = cleanProfileText('biography', huge('Coffee roaster. ', 500_000));
    expect(bio).toHaveLength(PROFILE_TEXT_LIMITS.biography);
    expect(bio?.startsWith('Coffee roaster. Coffee')).toBe(true);
  });

  it.each([
    ['full_name', 100],
    ['category', 100],
    ['country', 100],
    ['date_joined', 64],
  ] as const)('cuts %s to %i characters', (field, cap) => {
    expect(PROFILE_TEXT_LIMITS[field]).toBe(cap);
    expect(cleanProfileText(field, huge('x', cap + 1))).toHaveLength(cap);
    expect(cleanProfileText(field, huge('x', cap))).toHaveLength(cap);
  });

  it('drops a link, an address or a username over its cap instead of cutting it', () => {
    const url = `https://example.com/${huge('a', 2048)}`;
    expect(cleanProfileText('external_url', url)).toBeNull();
    expect(cleanProfileText('profile_pic_url', url)).toBeNull();
    expect(cleanProfileText('external_url', url.slice(0, 2048))).toBe(url.slice(0, 2048));
    expect(cleanProfileText('public_email', `${huge('a', 250)}@example.com`)).toBeNull();
    expect(cleanProfileText('username', huge('a', 65))).toBeNull();
    expect(cleanProfileText('username', 'natgeo')).toBe('natgeo');
  });

  it('removes C0 and C1 control characters; one-line fields get a space for a line break or tab', () => {
    expect(cleanProfileText('full_name', 'Ada\u0000 \u0007Love\u009Blace\u007F')).toBe('Ada Lovelace');
    expect(cleanProfileText('full_name', 'Ada\r\nLovelace\tX')).toBe('Ada  Lovelace X');
    expect(cleanProfileText('category', 'Art\u2028Design')).toBe('Art Design');
  });

  it('keeps the line feeds of a biography, reading CR LF and CR as LF', () => {
    expect(cleanProfileText('biography', 'one\r\ntwo\rthree\nfour\u0000\u001B[31m\ttab\u0085')).toBe(
      'one\ntwo\nthree\nfour[31m tab',
    );
  });

  it('never splits a surrogate pair when cutting', () => {
    const bio = cleanProfileText('biography', `${huge('a', 499)}😀😀`);
    expect(bio).toBe(huge('a', 499));
  });

  it('answers null for nothing left', () => {
    expect(cleanProfileText('full_name', '\u0000\u0001')).toBeNull();
    expect(cleanProfileText('full_name', null)).toBeNull();
    expect(cleanProfileText('full_name', undefined)).toBeNull();
  });
});

describe('limitProfileText', () => {
  it('caps every text of a profile and keeps the rest', () => {
    const profile = {
      ...readExtractionData({
        username: 'ada',
        full_name: huge('N', 1_000),
        follower_count: 10,
        is_verified: true,
        category: huge('C', 1_000),
        country: 'Italy\u0000',
        date_joined: huge('2', 1_000),
        external_url: `https://example.com/${huge('u', 5_000)}`,
        public_email: 'ada@example.com',
        biography: huge('b', 500_000),
        profile_pic_url: 'https://cdn.example/p.jpg',
      }),
      email_provenance: { provider: 'apify', field: 'public_email', fetchedAt: '2026-01-01T00:00:00.000Z' },
    } as const;
    expect(limitProfileText(profile)).toEqual({
      ...profile,
      full_name: huge('N', 100),
      category: huge('C', 100),
      country: 'Italy',
      date_joined: huge('2', 64),
      external_url: null,
      biography: huge('b', 500),
    });
  });

  it('drops an over-long e-mail with its provenance, and stands in the asked username for a bad one', () => {
    const profile = readExtractionData({
      username: huge('u', 100),
      public_email: `${huge('a', 300)}@example.com`,
      email_provenance: { provider: 'apify', field: 'public_email', fetchedAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(limitProfileText(profile, 'asked')).toMatchObject({
      username: 'asked',
      public_email: null,
      email_provenance: null,
    });
  });

  it('keeps at most ten further addresses, each cleaned, and drops a website page link over its cap', () => {
    const profile: TExtractionData = {
      ...readExtractionData({ username: 'ada', public_email: 'ada@example.com' }),
      other_emails: [
        'press\u0000@example.com',
        `${huge('a', 300)}@example.com`,
        ...Array.from({ length: 12 }, (_, index) => `team${index}@example.com`),
      ],
      email_provenance: {
        provider: 'sandbox',
        field: 'website',
        fetchedAt: '2026-01-01T00:00:00.000Z',
        sourceUrl: `https://example.com/${huge('p', 3_000)}`,
      },
    };
    const limited = limitProfileText(profile);
    expect(limited.other_emails).toEqual([
      'press@example.com',
      ...Array.from({ length: 9 }, (_, index) => `team${index}@example.com`),
    ]);
    expect(limited.email_provenance).toEqual({
      provider: 'sandbox',
      field: 'website',
      fetchedAt: '2026-01-01T00:00:00.000Z',
    });
  });
});

describe('search results', () => {
  const user = {
    username: 'ada',
    full_name: 'Ada',
    profile_pic_url: null,
    is_verified: false,
    is_private: false,
    follower_count: 12_000,
    category: null,
  };

  it('caps the name and drops a picture link over its cap', () => {
    expect(
      limitSearchUserText({ ...user, full_name: huge('N', 10_000), profile_pic_url: huge('h', 3_000) }),
    ).toEqual({ ...user, full_name: huge('N', 100), profile_pic_url: null });
  });

  it('drops an account whose username could not be kept as it came', () => {
    expect(limitSearchUserText({ ...user, username: huge('a', 65) })).toBeNull();
    expect(limitSearchUserText({ ...user, username: 'a\u0000b' })).toBeNull();
  });
});
