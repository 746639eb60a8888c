import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  Card,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  toast,
} from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import { Trash2Icon } from 'lucide-react';
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
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <h2>Delete Account</h2>
        </CardTitle>
        <CardDescription>
          Permanently delete your account, your saved extractions and your remaining credits. This cannot be
          undone.
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-end border-t pt-6">
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="destructive" disabled={remove.isPending}>
              <Trash2Icon aria-hidden />
              Delete Account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                Your profile, saved extractions and credits are erased and you are signed out. This cannot be
                undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={onConfirm}>Delete permanently</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardFooter>
    </Card>
  );
}
