import { PENDING_INVITATION_KEY, type TPendingInvitation } from './pending-invitation.ts';

/** Remembers the invitation, or forgets it (undefined). */
export function storePendingInvitation(invitation: TPendingInvitation | undefined) {
  try {
    if (invitation) window.localStorage.setItem(PENDING_INVITATION_KEY, JSON.stringify(invitation));
    else window.localStorage.removeItem(PENDING_INVITATION_KEY);
  } catch {
    // Storage can be disabled; the visitor then opens the mail's link again after signing in.
  }
}

/** What the /auth page was asked for by the invitation page: which tab, which address. */
export type TAuthIntent = { tab: 'sign-in' | 'sign-up'; email: string };

export function authIntentInState(state: unknown): TAuthIntent | undefined {
  const intent = (state as { authIntent?: Partial<TAuthIntent> } | null)?.authIntent;
  if (!intent || typeof intent.email !== 'string') return undefined;
  return { tab: intent.tab === 'sign-in' ? 'sign-in' : 'sign-up', email: intent.email };
}
