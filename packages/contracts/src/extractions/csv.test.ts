import { describe, expect, it } from 'vitest';
import { EXTRACTION_CSV_COLUMNS, extractionCsvRow, neutralizeCsvCell } from './csv.ts';
import { readExtractionData } from './extraction-data.ts';

describe('extraction CSV cells', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@sum', "'@sum"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['plain', 'plain'],
  ])('neutralises %j', (value, expected) => expect(neutralizeCsvCell(value)).toBe(expected));

  it('lays a record out in the spec column order', () => {
    const data = readExtractionData({
      username: 'ada',
      full_name: 'Ada L.',
      follower_count: 10,
      following_count: 2,
      media_count: 3,
      is_verified: true,
      is_private: false,
      public_email: 'ada@example.com',
      biography: 'Hi; "there"',
      other_emails: ['press@example.com'],
    });
    const row = extractionCsvRow(data, '2026-11-24T00:00:00.000Z');
    expect(row).toHaveLength(EXTRACTION_CSV_COLUMNS.length);
    expect(Object.fromEntries(EXTRACTION_CSV_COLUMNS.map((column, i) => [column, row[i]]))).toEqual({
      username: 'ada',
      full_name: 'Ada L.',
      follower_count: '10',
      following_count: '2',
      media_count: '3',
      is_verified: 'true',
      is_private: 'false',
      category: '',
      country: '',
      date_joined: '',
      external_url: '',
      public_email: 'ada@example.com',
      biography: 'Hi; "there"',
      extraction_date: '2026-11-24T00:00:00.000Z',
    });
  });
});

describe('readExtractionData', () => {
  it('reads the older keys where the new ones are missing', () => {
    const data = readExtractionData(
      { followers: 5, following: '7', bio: 'old bio', display_name: 'Old' },
      'legacy',
    );
    expect(data).toMatchObject({
      username: 'legacy',
      full_name: 'Old',
      follower_count: 5,
      following_count: 7,
      biography: 'old bio',
    });
  });

  it('reads the other addresses as a list of non-empty strings, none when missing or malformed', () => {
    expect(readExtractionData({ other_emails: ['a@x.com', '', 7, null, 'b@x.com'] }).other_emails).toEqual([
      'a@x.com',
      'b@x.com',
    ]);
    expect(readExtractionData({}).other_emails).toEqual([]);
    expect(readExtractionData({ other_emails: 'a@x.com' }).other_emails).toEqual([]);
  });
});
