import { useCallback, useState } from 'react';

/** Ticked ids (rows, results, accounts): tick or untick some at once, or clear them all. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const change = useCallback(
    (ids: Iterable<string>, checked: boolean) =>
      setSelected((previous) => {
        const next = new Set(previous);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, change, clear };
}
