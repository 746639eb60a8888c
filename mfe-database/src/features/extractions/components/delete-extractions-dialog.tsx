import { ConfirmDialog } from '@prospector/ui';
import type { TExtractionDeletion } from '../hooks/use-extraction-deletion.ts';

/** The confirmation's sentence, in the number of records it deletes. */
export const deleteDescription = (count: number) =>
  count === 1
    ? 'This removes it from your database. The account can be extracted again later.'
    : 'This removes them from your database. The accounts can be extracted again later.';

/** Deleted records are gone (the accounts can be extracted again), so a delete is confirmed first. */
export function DeleteExtractionsDialog({ deletion }: { deletion: TExtractionDeletion }) {
  return (
    <ConfirmDialog
      open={deletion.target !== null}
      onOpenChange={(open) => (open ? undefined : deletion.cancel())}
      title={deletion.target?.title ?? ''}
      description={deleteDescription(deletion.target?.ids.length ?? 1)}
      confirmLabel="Delete"
      confirmVariant="destructive"
      onConfirm={deletion.confirm}
    />
  );
}
