import { CSV_BOM, neutralizeCsvCell, SIMILAR_ACCOUNTS_CSV_COLUMNS } from '@prospector/contracts';
import { stringify } from 'csv-stringify/browser/esm/sync';

/** Every account in the result is on Instagram; the column is there for lists merged across platforms. */
const PLATFORM = 'Instagram';

/**
 * The similar-accounts export (docs/product.md "CSV formats"): `Username,Platform`, comma separated,
 * one row per account, every cell neutralised against spreadsheet formulas, with the BOM Excel needs.
 */
export function similarAccountsCsv(accounts: readonly string[]): string {
  const rows = accounts.map((username) => [neutralizeCsvCell(username), PLATFORM]);
  return CSV_BOM + stringify([[...SIMILAR_ACCOUNTS_CSV_COLUMNS], ...rows]);
}

/** `similar-accounts-<username>.csv`, keeping only characters safe in a file name. */
export const similarAccountsFileName = (username: string) =>
  `similar-accounts-${username.replace(/[^a-z0-9._-]/gi, '_') || 'account'}.csv`;
