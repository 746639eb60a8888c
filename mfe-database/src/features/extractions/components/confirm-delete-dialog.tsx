import { ConfirmDialog } from '@prospector/ui';

type ConfirmDeleteDialogProps = {
  /** What to delete: one username, or a count of selected records; null closes the dialog. */
  target: { username: string } | { count: number } | null;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before any delete; deleted records are gone (the accounts can be extracted again). */
export function ConfirmDeleteDialog({ target, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  const title =
    target === null
      ? ''
      : 'username' in target
        ? `Delete @${target.username}?`
        : `Delete ${target.count} extraction${target.count === 1 ? '' : 's'}?`;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={title}
      description="This removes it from your database. The account can be extracted again later."
      confirmLabel="Delete"
      confirmVariant="destructive"
      onConfirm={onConfirm}
    />
  );
}
