import type { TRunSource } from '@prospector/contracts';
import { useState } from 'react';
import type { TStartExtraction } from './start-extraction.ts';

/**
 * The accounts ticked in a result list, and the run started from them. A started run clears the
 * selection; a refused one keeps it, so the user can try again (the run-start hook has said why).
 */
export function useAccountSelection(
  accounts: readonly string[],
  source: Extract<TRunSource, 'keyword' | 'similar'>,
  onStartExtraction: TStartExtraction | undefined,
  /** The keyword searched, or the account whose similar accounts these are. */
  sourceDetail: string,
) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [starting, setStarting] = useState(false);
  const allSelected = accounts.length > 0 && selected.size === accounts.length;

  const toggle = (account: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(account);
    else next.delete(account);
    setSelected(next);
  };

  const start = async (usernames: string[]) => {
    if (!onStartExtraction || usernames.length === 0) return;
    setStarting(true);
    try {
      await onStartExtraction(usernames, source, sourceDetail);
      setSelected(new Set());
    } catch {
      // The run-start hook has told the user why; keeping the selection lets them try again.
    } finally {
      setStarting(false);
    }
  };

  return {
    selected,
    starting,
    toggle,
    clear: () => setSelected(new Set()),
    /** Select All: ticked when every account is, half-ticked when some are. */
    allState: allSelected ? true : selected.size > 0 ? ('indeterminate' as const) : false,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(accounts)),
    startSelected: () => start(accounts.filter((account) => selected.has(account))),
    startAll: () => start([...accounts]),
  };
}
