import type { TExtractionRow } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { useState } from 'react';
import { DELETE_FAILED_MESSAGE, useDeleteExtractions } from '../api/delete-extractions.ts';

/** What a delete asks about: its records, and the confirmation's title naming them. */
export type TDeleteTarget = { ids: string[]; title: string };

export type TExtractionDeletion = ReturnType<typeof useExtractionDeletion>;

/**
 * Deleting records, after a confirmation: one row from the list, or the selection. Says how many were
 * deleted (or that it failed); `onDeleted` gets the ids once they are gone.
 */
export function useExtractionDeletion(onDeleted: (ids: readonly string[]) => void) {
  const deletion = useDeleteExtractions();
  const [target, setTarget] = useState<TDeleteTarget | null>(null);

  const confirm = () => {
    const asked = target;
    setTarget(null);
    if (!asked) return;
    deletion.mutate(asked.ids, {
      onSuccess: ({ deleted }) => {
        onDeleted(asked.ids);
        toast.success(deleted === 1 ? 'Extraction deleted' : `${deleted} extractions deleted`);
      },
      onError: () => toast.error(DELETE_FAILED_MESSAGE),
    });
  };

  return {
    target,
    isPending: deletion.isPending,
    askRow: (row: TExtractionRow) => setTarget({ ids: [row.id], title: `Delete @${row.username}?` }),
    askSelected: (ids: readonly string[]) =>
      setTarget({
        ids: [...ids],
        title: `Delete ${ids.length} extraction${ids.length === 1 ? '' : 's'}?`,
      }),
    cancel: () => setTarget(null),
    confirm,
  };
}
