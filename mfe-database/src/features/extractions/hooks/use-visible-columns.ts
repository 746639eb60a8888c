import { useCallback, useState } from 'react';
import {
  parseVisibleColumns,
  setColumnVisible,
  type TExtractionColumn,
  VISIBLE_COLUMNS_STORAGE_KEY,
} from '../table-columns.ts';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(VISIBLE_COLUMNS_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the defaults, for this visit only
  }
}

/** The table's columns as this browser last chose them (remembered in localStorage). */
export function useVisibleColumns() {
  const [visible, setVisible] = useState(() => parseVisibleColumns(readStored()));
  const toggle = useCallback((column: TExtractionColumn, shown: boolean) => {
    setVisible((previous) => {
      const next = setColumnVisible(previous, column, shown);
      try {
        window.localStorage.setItem(VISIBLE_COLUMNS_STORAGE_KEY, JSON.stringify(next));
      } catch {}
      return next;
    });
  }, []);
  return { visible, toggle };
}
