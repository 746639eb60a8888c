import type { TExtractionData } from './extraction-data.ts';

/** The extraction export's columns, in order (docs/product.md "CSV formats"); `;` separated. */
export const EXTRACTION_CSV_COLUMNS = [
  'username',
  'full_name',
  'follower_count',
  'following_count',
  'media_count',
  'is_verified',
  'is_private',
  'category',
  'country',
  'date_joined',
  'external_url',
  'public_email',
  'biography',
  'extraction_date',
] as const;
export const EXTRACTION_CSV_DELIMITER = ';';
/** The column "Include e-mail status" adds after the spec's columns: the e-mail's deliverability. */
export const EMAIL_STATUS_CSV_COLUMN = 'email_status';
/** And after it, whether the e-mail is a role mailbox (`true`/`false`, as `is_verified`; `isRoleEmail`). */
export const EMAIL_ROLE_CSV_COLUMN = 'email_role';
/** What "Include e-mail status" adds, in order. */
export const EMAIL_STATUS_CSV_COLUMNS = [EMAIL_STATUS_CSV_COLUMN, EMAIL_ROLE_CSV_COLUMN] as const;
/** Excel reads a file as UTF-8 (accents included) only when it starts with this byte-order mark. */
export const CSV_BOM = '\uFEFF';

/** The export's first line (after the byte-order mark): its column names, as PostgreSQL's COPY writes them. */
export const extractionCsvHeader = (includeEmailStatus: boolean): string =>
  `${[...EXTRACTION_CSV_COLUMNS, ...(includeEmailStatus ? EMAIL_STATUS_CSV_COLUMNS : [])].join(EXTRACTION_CSV_DELIMITER)}\n`;

/**
 * Every extraction export (the database's and a run's results) is one format: these columns, `;`
 * separated, rows ending in LF (as PostgreSQL's COPY writes them), only profiles with an e-mail, and
 * this file name, dated by the UTC day: `instagram-extractions-2026-11-26.csv`.
 */
export const extractionCsvFileName = (now = new Date()): string =>
  `instagram-extractions-${now.toISOString().slice(0, 10)}.csv`;

/** The similar-accounts export's columns. */
export const SIMILAR_ACCOUNTS_CSV_COLUMNS = ['Username', 'Platform'] as const;

/**
 * A spreadsheet runs a cell as a formula when its text starts with one of these, also in their
 * fullwidth and small forms, which some spreadsheets read as the ASCII sign.
 */
export const CSV_FORMULA_STARTS: readonly string[] = [
  '=',
  '+',
  '-',
  '@',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
  '\uFE66',
  '\uFE62',
  '\uFE63',
  '\uFE6B',
];

/** A cell that starts with a tab or CR is neutralised whatever follows (a spreadsheet may run it). */
export const CSV_RISKY_FIRST_CHARACTERS: readonly string[] = ['\t', '\r'];

/**
 * Characters a spreadsheet may skip before a formula sign, or that nobody sees: whitespace, control
 * characters, zero-width and bidirectional marks, fillers, variation selectors, the byte-order mark
 * and tags. Inclusive code point ranges, so the database's export can write the same rule in SQL.
 */
export const CSV_IGNORED_LEADING_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x01, 0x20], // C0 controls (tab, LF, CR among them) and space; NUL never reaches a cell
  [0x7f, 0xa0], // DEL, C1 controls, no-break space
  [0xad, 0xad], // soft hyphen
  [0x34f, 0x34f], // combining grapheme joiner
  [0x61c, 0x61c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x1680, 0x1680], // Ogham space
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x2000, 0x200f], // spaces, zero-width space, joiners, LRM, RLM
  [0x2028, 0x202f], // line and paragraph separators, bidirectional embeddings, narrow no-break space
  [0x205f, 0x206f], // medium space, word joiner, invisible operators, bidirectional isolates
  [0x3000, 0x3000], // ideographic space
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // byte-order mark, zero-width no-break space
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xfff9, 0xfffb], // interlinear annotation marks
  [0x1bca0, 0x1bca3], // shorthand format controls
  [0x1d173, 0x1d17a], // musical format controls
  [0xe0000, 0xe007f], // tags
  [0xe0100, 0xe01ef], // variation selectors supplement
];

const codePoint = (code: number) => `\\u{${code.toString(16)}}`;
const FORMULA_CELL = new RegExp(
  `^(?:[${CSV_RISKY_FIRST_CHARACTERS.join('')}]|[${CSV_IGNORED_LEADING_RANGES.map(
    ([from, to]) => `${codePoint(from)}-${codePoint(to)}`,
  ).join('')}]*[${CSV_FORMULA_STARTS.map((start) => codePoint(start.codePointAt(0) as number)).join('')}])`,
  'u',
);

/**
 * A spreadsheet runs a cell whose text starts with `= + - @` (or their fullwidth forms), also after
 * leading spaces and invisible characters, or that starts with a tab or CR: a leading `'` makes it
 * text. Applied to every cell of every export.
 */
export function neutralizeCsvCell(value: string): string {
  return FORMULA_CELL.test(value) ? `'${value}` : value;
}

/** One record's cells in column order, neutralised; quoting is the CSV library's job. */
export function extractionCsvRow(data: TExtractionData, extractionDate: string): string[] {
  return EXTRACTION_CSV_COLUMNS.map((column) => {
    const value = column === 'extraction_date' ? extractionDate : data[column];
    return neutralizeCsvCell(value === null || value === undefined ? '' : String(value));
  });
}
