import { Button, ConfirmDialog, SectionCard, toast } from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import Trash2Icon from 'lucide-react/icons/trash';
import { useGoHomeNow } from '../../../hooks/use-go-home-now.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** Erasure behind a confirmation; afterwards the visitor is signed out on the home page. */
export function DeleteAccountCard() {
  const goHomeNow = useGoHomeNow();
  // The toast is raised here: leaving the page unmounts this card, and TanStack Query drops the
  // mutate callbacks of an unmounted caller.
  const remove = useDeleteAccount({
    onDeleted: () => {
      toast.success('Your account has been deleted');
      return goHomeNow();
    },
  });

  const onConfirm = () =>
    remove.mutate(undefined, {
      onError: (error) => toast.error('Account deletion failed', { description: errorMessage(error) }),
    });

  return (
    <SectionCard
      className="border-destructive/40"
      title="Delete Account"
      description="Permanently delete your account, your saved extractions and your remaining credits. This cannot be undone."
      footerClassName="justify-end border-t pt-6"
      footer={
        <ConfirmDialog
          trigger={
            <Button variant="destructive" disabled={remove.isPending}>
              <Trash2Icon aria-hidden />
              Delete Account
            </Button>
          }
          title="Delete your account?"
          description="Your profile, saved extractions and credits are erased and you are signed out. This cannot be undone."
          confirmLabel="Delete permanently"
          onConfirm={onConfirm}
        />
      }
    />
  );
}
