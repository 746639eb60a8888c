import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@prospector/ui';

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
    <AlertDialog open={target !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            This removes it from your database. The account can be extracted again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
