import {
  CSV_BOM,
  EMAIL_STATUS_CSV_COLUMNS,
  EXTRACTION_CSV_COLUMNS,
  EXTRACTION_CSV_DELIMITER,
  extractionCsvRow,
  isRoleEmail,
  neutralizeCsvCell,
  type TEmailCheck,
  type TExtractionData,
} from '@prospector/contracts';
import { stringify } from 'csv-stringify/browser/esm/sync';

export type TExportRow = {
  profile: TExtractionData;
  extractedAt: string;
  /** Shown on the card; the spec's CSV columns leave it out. */
  emailCheck?: TEmailCheck | null;
  emailCheckPending?: boolean;
};

/**
 * A run's extraction export, in the one format of every extraction export (`extractionCsvFileName` in
 * the contracts; docs/product.md §3 "CSV formats"): a header row, then one row per profile with an
 * e-mail in the contract's column order, every cell neutralised against formulas, quoted by the library where a
 * cell holds `;`, `"` or a line break, and a BOM so spreadsheets read it as UTF-8. "Include e-mail
 * status" adds `email_status` (empty while not checked) and `email_role` after the spec's columns.
 */
export function buildExtractionCsv(
  rows: readonly TExportRow[],
  { includeEmailStatus = false }: { includeEmailStatus?: boolean } = {},
): string {
  const header = includeEmailStatus
    ? [...EXTRACTION_CSV_COLUMNS, ...EMAIL_STATUS_CSV_COLUMNS]
    : [...EXTRACTION_CSV_COLUMNS];
  const line = (row: TExportRow) => {
    const cells = extractionCsvRow(row.profile, row.extractedAt);
    if (!includeEmailStatus) return cells;
    const role = String(isRoleEmail(row.profile.public_email ?? ''));
    return [...cells, neutralizeCsvCell(row.emailCheck?.status ?? ''), role];
  };
  return (
    CSV_BOM +
    stringify([header, ...exportableRows(rows).map(line)], {
      delimiter: EXTRACTION_CSV_DELIMITER,
      record_delimiter: 'unix',
    })
  );
}

/** The rows an export holds: profiles with an e-mail, as the database's export (docs/product.md §5). */
export const exportableRows = (rows: readonly TExportRow[]): TExportRow[] =>
  rows.filter((row) => Boolean(row.profile.public_email));
