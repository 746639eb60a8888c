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
    ['', ''],
    ['a=1', 'a=1'],
    ['5-3', '5-3'],
    ['name@example.com', 'name@example.com'],
  ])('neutralises %j', (value, expected) => expect(neutralizeCsvCell(value)).toBe(expected));

  it.each([
    [' =1+1', 'a leading space'],
    ['   +1', 'spaces'],
    ['\n-1', 'a line feed'],
    ['\u00A0=1', 'a no-break space'],
    ['\u200B=cmd', 'a zero-width space'],
    ['\u200C\u200D@x', 'zero-width joiners'],
    ['\u2060=1', 'a word joiner'],
    ['\uFEFF=1', 'a byte-order mark'],
    ['\u202E=1', 'a right-to-left override'],
    ['\u3000+1', 'an ideographic space'],
    ['\u{E0041}=1', 'a tag character'],
    ['\u0085=1', 'a C1 control'],
    ['\uFF1D1+1', 'a fullwidth equals sign'],
    ['\uFF0B1', 'a fullwidth plus sign'],
    ['\uFF0D1', 'a fullwidth minus sign'],
    ['\uFF20sum', 'a fullwidth at sign'],
    ['\uFE661', 'a small equals sign'],
    [' \u200B \uFF1D1', 'spaces and a zero-width space before a fullwidth sign'],
  ])('neutralises %j (a formula after %s)', (value) => expect(neutralizeCsvCell(value)).toBe(`'${value}`));

  it.each([' text', '\u200Btext', '\u00A0100', ' '])('leaves %j as it is (no formula sign)', (value) =>
    expect(neutralizeCsvCell(value)).toBe(value),
  );

  it('neutralises every cell of a record, whatever invisible characters come first', () => {
    const data = readExtractionData({
      username: 'ada',
      full_name: '\u200B=HYPERLINK("x")',
      biography: ' +1',
    });
    const row = extractionCsvRow(data, '2026-11-24T00:00:00.000Z');
    expect(row[EXTRACTION_CSV_COLUMNS.indexOf('full_name')]).toBe(`'\u200B=HYPERLINK("x")`);
    expect(row[EXTRACTION_CSV_COLUMNS.indexOf('biography')]).toBe("' +1");
  });

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
