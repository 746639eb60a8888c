import { APP_PATHS } from '@prospector/contracts';

/**
 * The invitation a visitor followed before signing up or in, kept across the verification e-mail's round
 * trip (as the chosen plan is): the callback accepts it, and signing in goes back to its page. Only
 * the read is here, which the /auth guard needs on the first page; writing it and the /auth page's intent
 * are in `pending-invitation-store.ts`, loaded with the pages that use them.
 */
export type TPendingInvitation = { id: string; email: string; workspaceName: string };

/** Where it is kept (`pending-invitation-store.ts` writes it). */
export const PENDING_INVITATION_KEY = 'prospector.pending-invitation';

export function readPendingInvitation(): TPendingInvitation | undefined {
  try {
    const raw = window.localStorage.getItem(PENDING_INVITATION_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<TPendingInvitation>) : undefined;
    return parsed && typeof parsed.id === 'string' && typeof parsed.email === 'string'
      ? { id: parsed.id, email: parsed.email, workspaceName: String(parsed.workspaceName ?? '') }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The invitation page, `/invite/<id>` (the mail's link). */
export const invitationHref = (id: string) => `${APP_PATHS.invitation}/${encodeURIComponent(id)}`;
