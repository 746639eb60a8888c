import type { TExtractionRow } from '@prospector/contracts';

/** docs/product.md §5: only rows with an e-mail can be selected (they are the ones an export contains). */
export const isSelectable = (row: Pick<TExtractionRow, 'email'>): boolean => row.email !== null;

/** Ticks or unticks one row; a row without an e-mail never enters the selection. */
export function toggleRow(selected: ReadonlySet<string>, row: TExtractionRow, checked: boolean): Set<string> {
  const next = new Set(selected);
  if (checked && isSelectable(row)) next.add(row.id);
  else next.delete(row.id);
  return next;
}

/** Select All Page: every selectable row of the page joins the selection (rows of other pages stay). */
export function selectPage(selected: ReadonlySet<string>, rows: readonly TExtractionRow[]): Set<string> {
  const next = new Set(selected);
  for (const row of rows) if (isSelectable(row)) next.add(row.id);
  return next;
}

/** The header checkbox's state: ticked when every selectable row on the page is. */
export function pageSelectionState(
  selected: ReadonlySet<string>,
  rows: readonly TExtractionRow[],
): boolean | 'indeterminate' {
  const selectable = rows.filter(isSelectable);
  const ticked = selectable.filter((row) => selected.has(row.id)).length;
  if (ticked === 0) return false;
  return ticked === selectable.length ? true : 'indeterminate';
}

/** Unticking the header: the page's rows leave the selection. */
export function unselectPage(selected: ReadonlySet<string>, rows: readonly TExtractionRow[]): Set<string> {
  const next = new Set(selected);
  for (const row of rows) next.delete(row.id);
  return next;
}
