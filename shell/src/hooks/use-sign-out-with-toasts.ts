import { toast } from '@prospector/ui';
import { useSignOut } from '../api/sign-out.ts';
import { useGoHomeNow } from './use-go-home-now.ts';

/** docs/product.md §8 "Sign-out". */
export const SIGN_OUT_MESSAGES = {
  success: 'Successfully logged out!',
  failureTitle: 'Sign Out Error',
  failure: 'Error during logout',
} as const;

/** Sign Out wherever it is offered: home page and the success toast, or the failure toast and stay. */
export function useSignOutWithToasts() {
  const goHomeNow = useGoHomeNow();
  // The success toast is raised here, not in mutate's callbacks: leaving the page unmounts the
  // caller, and TanStack Query drops the callbacks of an unmounted caller.
  const signOut = useSignOut({
    onSignedOut: () => {
      toast.success(SIGN_OUT_MESSAGES.success);
      return goHomeNow();
    },
  });
  return {
    signOut: () =>
      signOut.mutate(undefined, {
        onError: () =>
          toast.error(SIGN_OUT_MESSAGES.failureTitle, { description: SIGN_OUT_MESSAGES.failure }),
      }),
    isPending: signOut.isPending,
  };
}
