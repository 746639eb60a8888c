import { isSubscriptionCheck, SUBSCRIPTION_PATH, type TSubscriptionCheck } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { atom, getDefaultStore, type PrimitiveAtom } from 'jotai';
import { useCallback } from 'react';
import { ApiError, apiRequest } from './http.ts';
import { forgetSignedInUser, signOut } from './session-query.ts';

/** docs/product.md §3 "Subscription status held in the session": the last check-subscription answer and when. */
export type TSubscriptionState = TSubscriptionCheck & { lastChecked: number | null };

export const NOT_SUBSCRIBED: TSubscriptionState = {
  subscribed: false,
  subscription_plan: 'none',
  subscription_end: null,
  cancel_at_period_end: false,
  lastChecked: null,
};

/** docs/product.md §8 "Subscription check". */
export const SUBSCRIPTION_CHECK_FAILED = {
  title: 'Subscription Check Failed',
  description: 'Unable to verify subscription status. Please refresh the page.',
} as const;
export const SUBSCRIPTION_CHECK_ERROR = {
  title: 'Subscription Check Error',
  description: 'An unexpected error occurred while checking subscription status.',
} as const;

/**
 * One atom for the shell and every remote. jotai is a federation singleton (so is its default
 * store), but this package is bundled into each frontend: the atom is kept on the page's global
 * registry so all copies of this module hand out the same one.
 */
const ATOM_KEY = Symbol.for('prospector.subscription-status');
const registry = globalThis as typeof globalThis & { [ATOM_KEY]?: PrimitiveAtom<TSubscriptionState> };
registry[ATOM_KEY] ??= atom<TSubscriptionState>(NOT_SUBSCRIBED);
export const subscriptionAtom: PrimitiveAtom<TSubscriptionState> = registry[ATOM_KEY];

/** `GET /api/billing/subscription` (docs/product.md §7 check-subscription). */
export const getSubscription = async () => {
  const answer: unknown = await apiRequest(SUBSCRIPTION_PATH);
  // A guard, not the schema: this runs from the first load, which should not carry zod.
  if (!isSubscriptionCheck(answer)) throw new Error('The subscription check answered in an unknown shape.');
  return answer;
};

/** Ends the session here: the guards see no session and leave the signed-in pages. */
export async function signOutExpiredSession(queryClient: QueryClient) {
  await signOut().catch(() => undefined);
  getDefaultStore().set(subscriptionAtom, NOT_SUBSCRIBED);
  forgetSignedInUser(queryClient);
}

export type TCheckSubscriptionOptions = {
  /** Show the spec's check toasts on failure (a caller with its own failure message turns them off). */
  notify?: boolean;
};

/**
 * check-subscription: stores the answer with the time it was checked and returns true. A
 * session-expired answer (401) signs out; other failures leave the last state and return false.
 */
export async function checkSubscription(
  queryClient: QueryClient,
  { notify = true }: TCheckSubscriptionOptions = {},
): Promise<boolean> {
  try {
    const answer = await getSubscription();
    getDefaultStore().set(subscriptionAtom, { ...answer, lastChecked: Date.now() });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await signOutExpiredSession(queryClient);
      return false;
    }
    if (notify) {
      const message = error instanceof ApiError ? SUBSCRIPTION_CHECK_FAILED : SUBSCRIPTION_CHECK_ERROR;
      toast.error(message.title, { description: message.description });
    }
    return false;
  }
}

export function useCheckSubscription() {
  const queryClient = useQueryClient();
  return useCallback(
    (options?: TCheckSubscriptionOptions) => checkSubscription(queryClient, options),
    [queryClient],
  );
}

/** docs/product.md §4 "Subscription display status". */
export type TSubscriptionDisplayStatus = 'active' | 'cancelled' | 'expired' | 'trial';

export function subscriptionDisplayStatus(
  subscription: Pick<TSubscriptionCheck, 'subscribed' | 'cancel_at_period_end'>,
  trialExpired: boolean,
): TSubscriptionDisplayStatus {
  if (subscription.subscribed) return subscription.cancel_at_period_end ? 'cancelled' : 'active';
  return trialExpired ? 'expired' : 'trial';
}

const STATUS_BADGE_LABELS: Record<TSubscriptionDisplayStatus, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
  trial: 'Trial',
};

/** The badge text for a display status; anything else reads "Unknown". */
export function statusBadgeLabel(status: string | undefined): string {
  return status !== undefined && Object.hasOwn(STATUS_BADGE_LABELS, status)
    ? STATUS_BADGE_LABELS[status as TSubscriptionDisplayStatus]
    : 'Unknown';
}
