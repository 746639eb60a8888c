import { APP_PATHS } from '@prospector/contracts';

/**
 * The invitation a visitor followed before signing up or in, kept across the verification e-mail's round
 * trip (as the chosen plan is): the callback accepts it, and signing in goes back to its page.
 */
export type TPendingInvitation = { id: string; email: string; workspaceName: string };

const STORAGE_KEY = 'prospector.pending-invitation';

export function readPendingInvitation(): TPendingInvitation | undefined {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<TPendingInvitation>) : undefined;
    return parsed && typeof parsed.id === 'string' && typeof parsed.email === 'string'
      ? { id: parsed.id, email: parsed.email, workspaceName: String(parsed.workspaceName ?? '') }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the invitation, or forgets it (undefined). */
export function storePendingInvitation(invitation: TPendingInvitation | undefined) {
  try {
    if (invitation) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(invitation));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be disabled; the visitor then opens the mail's link again after signing in.
  }
}

/** The invitation page, `/invite/<id>` (the mail's link). */
export const invitationHref = (id: string) => `${APP_PATHS.invitation}/${encodeURIComponent(id)}`;

/** What the /auth page was asked for by the invitation page: which tab, which address. */
export type TAuthIntent = { tab: 'sign-in' | 'sign-up'; email: string };

export function authIntentInState(state: unknown): TAuthIntent | undefined {
  const intent = (state as { authIntent?: Partial<TAuthIntent> } | null)?.authIntent;
  if (!intent || typeof intent.email !== 'string') return undefined;
  return { tab: intent.tab === 'sign-in' ? 'sign-in' : 'sign-up', email: intent.email };
}
