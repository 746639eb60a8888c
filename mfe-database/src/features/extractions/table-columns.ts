/** docs/product.md §2, Database page: the table's columns in order, between Select and Actions. */
export const EXTRACTION_COLUMNS = [
  'Username',
  'Full Name',
  'Email',
  'Email Status',
  'Followers',
  'Following',
  'Media',
  'Verified',
  'Private',
  'Category',
  'Bio',
  'Date',
  /** How old the record's data is and when the retention sweep removes it (docs/product.md §10). */
  'Age',
] as const;

export type TExtractionColumn = (typeof EXTRACTION_COLUMNS)[number];

/** The row's name and its link to the details: never hidden. */
export const FIXED_COLUMN: TExtractionColumn = 'Username';

/**
 * Shown until the user picks others: what fits a laptop's width beside the sidebar. The rest (and
 * the whole bio) is one click away in the column picker or the record's details.
 */
export const DEFAULT_VISIBLE_COLUMNS: readonly TExtractionColumn[] = [
  'Username',
  'Full Name',
  'Email',
  'Email Status',
  'Followers',
  // The record's age and expiry in place of the extraction date (which the column picker and the
  // details still give): what a customer acts on, in the width a laptop has.
  'Age',
];

export const VISIBLE_COLUMNS_STORAGE_KEY = 'prospector.database.columns';

const isColumn = (value: unknown): value is TExtractionColumn =>
  (EXTRACTION_COLUMNS as readonly unknown[]).includes(value);

/** In the table's order, with the fixed column, without repeats. */
function normalise(columns: Iterable<TExtractionColumn>): TExtractionColumn[] {
  const chosen = new Set(columns);
  chosen.add(FIXED_COLUMN);
  return EXTRACTION_COLUMNS.filter((column) => chosen.has(column));
}

/** The stored choice; the defaults when nothing (or something unreadable) is stored. */
export function parseVisibleColumns(stored: string | null): TExtractionColumn[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? 'null');
    if (Array.isArray(parsed)) return normalise(parsed.filter(isColumn));
  } catch {}
  return [...DEFAULT_VISIBLE_COLUMNS];
}

/** Shows or hides one column; the fixed column stays. */
export function setColumnVisible(
  visible: readonly TExtractionColumn[],
  column: TExtractionColumn,
  shown: boolean,
): TExtractionColumn[] {
  return normalise(shown ? [...visible, column] : visible.filter((item) => item !== column));
}
