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
/** Excel reads a file as UTF-8 (accents included) only when it starts with this byte-order mark. */
export const CSV_BOM = '\uFEFF';

/** The similar-accounts export's columns. */
export const SIMILAR_ACCOUNTS_CSV_COLUMNS = ['Username', 'Platform'] as const;

/** A spreadsheet runs a cell that starts with one of these as a formula. */
export const CSV_FORMULA_STARTS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/**
 * A spreadsheet runs a cell that starts with `= + - @`, tab or CR as a formula: a leading `'` makes
 * it text. Applied to every cell of every export.
 */
export function neutralizeCsvCell(value: string): string {
  return CSV_FORMULA_STARTS.includes(value.charAt(0)) ? `'${value}` : value;
}

/** One record's cells in column order, neutralised; quoting is the CSV library's job. */
export function extractionCsvRow(data: TExtractionData, extractionDate: string): string[] {
  const cell = (value: string | number | boolean | null | undefined) =>
    neutralizeCsvCell(value === null || value === undefined ? '' : String(value));
  return [
    cell(data.username),
    cell(data.full_name),
    cell(data.follower_count),
    cell(data.following_count),
    cell(data.media_count),
    cell(data.is_verified),
    cell(data.is_private),
    cell(data.category),
    cell(data.country),
    cell(data.date_joined),
    cell(data.external_url),
    cell(data.public_email),
    cell(data.biography),
    cell(extractionDate),
  ];
}
