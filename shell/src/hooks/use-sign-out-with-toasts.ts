import { toast } from '@prospector/ui';
import { signOut as endSession } from '@prospector/web-data';
import { useEndSession } from '../api/sign-out.ts';
import { useGoHomeNow } from './use-go-home-now.ts';

/**
 * Sign Out wherever it is offered: home page and the success toast, or the failure toast and stay
 * (the toasts' texts are docs/product.md §8 "Sign-out").
 */
export function useSignOutWithToasts() {
  const goHomeNow = useGoHomeNow();
  // The success toast is raised here, not in mutate's callbacks: leaving the page unmounts the
  // caller, and TanStack Query drops the callbacks of an unmounted caller.
  const signOut = useEndSession(endSession, () => {
    toast.success('Successfully logged out!');
    return goHomeNow();
  });
  return {
    signOut: () =>
      signOut.mutate(undefined, {
        onError: () => toast.error('Sign Out Error', { description: 'Error during logout' }),
      }),
    isPending: signOut.isPending,
  };
}
