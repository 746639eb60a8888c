import { describe, expect, it } from 'vitest';
import { normalizeUsername, parseUsernameInput, readUsername, USERNAME_PATTERN } from './usernames.ts';

describe('normalizeUsername', () => {
  it.each([
    ['natgeo', 'natgeo'],
    ['@NatGeo', 'natgeo'],
    ['  nat.geo_1 ', 'nat.geo_1'],
    ['_', '_'],
    ['__init__', '__init__'],
    ['a.b.c', 'a.b.c'],
    ['a'.repeat(30), 'a'.repeat(30)],
    // Profile links: scheme or none, www., m., instagr.am, query, fragment, trailing segments.
    ['https://www.instagram.com/natgeo/', 'natgeo'],
    ['instagram.com/natgeo?igsh=MWQ1ZGUxMzBkMA==', 'natgeo'],
    ['http://m.instagram.com/NASA#top', 'nasa'],
    ['www.instagram.com/natgeo', 'natgeo'],
    ['HTTPS://WWW.INSTAGRAM.COM/NatGeo', 'natgeo'],
    ['instagr.am/natgeo', 'natgeo'],
    ['https://instagr.am/natgeo/', 'natgeo'],
    ['instagram.com/natgeo/reels/', 'natgeo'],
    ['https://www.instagram.com/natgeo/tagged/?hl=en', 'natgeo'],
    ['https://www.instagram.com/stories/natgeo/3301234567890123456/', 'natgeo'],
    ['instagram.com/stories/nat.geo', 'nat.geo'],
    ['https://instagram.com/_u/natgeo', 'natgeo'],
    ['instagram.com/@natgeo', 'natgeo'],
    // Invisible characters left by copy and paste are dropped.
    ['natgeo\u200B', 'natgeo'],
    ['nat\u200Dgeo', 'natgeo'],
    ['\uFEFF@natgeo\u2060', 'natgeo'],
    ['instagram.com/nat\u200Cgeo/', 'natgeo'],
  ])('%j → %s', (raw, expected) => expect(normalizeUsername(raw)).toBe(expected));

  it.each([
    '',
    '@',
    'a'.repeat(31),
    'nat geo',
    'nat-geo',
    'naïve',
    'a\u0000b',
    '.natgeo',
    'natgeo.',
    'nat..geo',
    'https://example.com/natgeo',
    'instagram.com/p/C0ab12XYZ/',
    'instagram.com',
  ])('rejects %j', (raw) => expect(normalizeUsername(raw)).toBeNull());
});

describe('readUsername: the reason a line names no username', () => {
  it.each([
    ['https://www.instagram.com/p/C0ab12XYZ/', 'a link to a post, not a profile'],
    ['instagram.com/reel/C1xyz/?igsh=abc', 'a link to a reel, not a profile'],
    ['instagram.com/reels/', 'a link to reels, not a profile'],
    ['instagram.com/explore/tags/travel/', 'a link to Explore, not a profile'],
    ['https://www.instagram.com/accounts/login/', 'a link to account settings, not a profile'],
    ['instagram.com/direct/inbox/', 'a link to Direct messages, not a profile'],
    ['instagram.com/stories/', 'a link to stories without a username'],
    ['instagram.com/stories/highlights/1790/', 'a link to a highlight, not a profile'],
    ['https://www.instagram.com/', 'an Instagram link without a username'],
    ['https://example.com/natgeo', 'a link that is not an Instagram profile'],
    ['tiktok.com/@natgeo', 'a link that is not an Instagram profile'],
    ['nat-geo', 'has "-": only letters, digits, periods and underscores are allowed'],
    ['nat geo', 'has a space: only letters, digits, periods and underscores are allowed'],
    ['naïve', 'has "ï": only letters, digits, periods and underscores are allowed'],
    ['a'.repeat(31), 'longer than 30 characters (31)'],
    ['.natgeo', 'starts with a period'],
    ['natgeo.', 'ends with a period'],
    ['instagram.com/natgeo./', 'ends with a period'],
    ['nat..geo', 'has two periods in a row'],
    ['@', 'no username'],
  ])('%j: %s', (raw, reason) => expect(readUsername(raw)).toEqual({ ok: false, reason }));
});

describe('USERNAME_PATTERN (the API checks started runs with it)', () => {
  it('keeps Instagram rules on normalised names', () => {
    for (const name of ['natgeo', 'nat.geo', '_a_', 'a1.b2_c3', 'x'.repeat(30)])
      expect(USERNAME_PATTERN.test(name)).toBe(true);
    for (const name of ['', '.a', 'a.', 'a..b', 'A', 'x'.repeat(31), 'a-b'])
      expect(USERNAME_PATTERN.test(name)).toBe(false);
  });
});

describe('parseUsernameInput', () => {
  it('keeps the first of each username in order, lists invalid lines with reasons and counts duplicates', () => {
    expect(
      parseUsernameInput(
        'natgeo\n\n  @NASA \r\nbad name\nNatGeo\ninstagram.com/nasa/\nbbc\ninstagram.com/p/Cxyz/\nnasa\u200B',
      ),
    ).toEqual({
      usernames: ['natgeo', 'nasa', 'bbc'],
      invalid: [
        {
          line: 'bad name',
          reason: 'has a space: only letters, digits, periods and underscores are allowed',
        },
        { line: 'instagram.com/p/Cxyz/', reason: 'a link to a post, not a profile' },
      ],
      duplicates: 3,
    });
  });

  it('reads a CSV export: cells split on commas and semicolons, quotes dropped', () => {
    expect(parseUsernameInput('"natgeo";"nasa"\nbbc,cnn').usernames).toEqual([
      'natgeo',
      'nasa',
      'bbc',
      'cnn',
    ]);
  });

  it('gives nothing for blank input, invisible characters included', () => {
    expect(parseUsernameInput(' \n\n \u200B\n\uFEFF')).toEqual({ usernames: [], invalid: [], duplicates: 0 });
  });
});
