import type { TExtractionFilters, TExtractionRow } from '@prospector/contracts';
import { useEffect, useState } from 'react';
import { selectPage, toggleRow, unselectPage } from '../selection.ts';

export type TExtractionSelection = ReturnType<typeof useExtractionSelection>;

/** The ticked records of the list (only rows with an e-mail can be ticked, `selection.ts`). */
export function useExtractionSelection(filters: TExtractionFilters) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // Another filter set is another list: what was ticked under the old one is not visible any more.
  useEffect(() => setSelected(new Set()), [filters]);
  return {
    selected,
    toggleRow: (row: TExtractionRow, checked: boolean) =>
      setSelected((previous) => toggleRow(previous, row, checked)),
    togglePage: (rows: readonly TExtractionRow[], checked: boolean) =>
      setSelected((previous) => (checked ? selectPage(previous, rows) : unselectPage(previous, rows))),
    clear: () => setSelected(new Set()),
    /** Unticks records that are gone (deleted). */
    remove: (ids: readonly string[]) =>
      setSelected((previous) => new Set([...previous].filter((id) => !ids.includes(id)))),
  };
}
