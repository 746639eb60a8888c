import { describe, expect, it } from 'vitest';
import { normalizeUsername, parseUsernameInput } from './usernames.ts';

describe('normalizeUsername', () => {
  it.each([
    ['natgeo', 'natgeo'],
    ['@NatGeo', 'natgeo'],
    ['  nat.geo_1 ', 'nat.geo_1'],
    ['https://www.instagram.com/natgeo/', 'natgeo'],
    ['instagram.com/natgeo?igsh=abc', 'natgeo'],
    ['http://m.instagram.com/NASA#top', 'nasa'],
    ['a'.repeat(30), 'a'.repeat(30)],
  ])('%s → %s', (raw, expected) => expect(normalizeUsername(raw)).toBe(expected));

  it.each(['', '@', 'a'.repeat(31), 'nat geo', 'nat-geo', 'naïve', 'https://example.com/natgeo', 'a\u0000b'])(
    'rejects %j',
    (raw) => expect(normalizeUsername(raw)).toBeNull(),
  );
});

describe('parseUsernameInput', () => {
  it('keeps the first of each username in order, lists invalid lines and counts duplicates', () => {
    expect(parseUsernameInput('natgeo\n\n  @NASA \r\nbad name\nNatGeo\ninstagram.com/nasa/\nbbc')).toEqual({
      usernames: ['natgeo', 'nasa', 'bbc'],
      invalid: ['bad name'],
      duplicates: 2,
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

  it('gives nothing for blank input', () => {
    expect(parseUsernameInput(' \n\n ')).toEqual({ usernames: [], invalid: [], duplicates: 0 });
  });
});
