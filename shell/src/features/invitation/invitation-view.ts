import { TEAM_MESSAGES, type TInvitationPreview } from '@prospector/contracts';

/** What the invitation page shows, decided from its two queries (the component only renders it). */
export type TInvitationView =
  | { kind: 'loading' }
  | { kind: 'closed'; message: string }
  | { kind: 'failed' }
  | { kind: 'signed-out'; invitation: TInvitationPreview }
  | { kind: 'recipient'; invitation: TInvitationPreview }
  | { kind: 'other-address'; invitation: TInvitationPreview; signedInAs: string; message: string };

type TQueryState<T> = { data?: T; error?: unknown; isPending: boolean };

const closedMessage = (error: unknown): string | undefined => {
  if (!(error instanceof Error) || error.name !== 'ApiError') return undefined;
  const { status } = error as { status?: number };
  // 404: a forged or unknown link; 410: expired, revoked or used (the service says which).
  if (status === 404) return TEAM_MESSAGES.invitationNotFound;
  if (status === 410) return error.message;
  return undefined;
};

export function decideInvitationView(
  invitation: TQueryState<TInvitationPreview>,
  session: TQueryState<{ user: { email: string } } | null>,
): TInvitationView {
  if (invitation.error) {
    const message = closedMessage(invitation.error);
    return message ? { kind: 'closed', message } : { kind: 'failed' };
  }
  if (invitation.isPending || !invitation.data) return { kind: 'loading' };
  const found = invitation.data;
  // A failed session check shows the signed-out choices: signing in is still the way on.
  if (session.isPending && !session.error) return { kind: 'loading' };
  const email = session.data?.user.email;
  if (!email) return { kind: 'signed-out', invitation: found };
  if (email.toLowerCase() === found.email.toLowerCase()) return { kind: 'recipient', invitation: found };
  return { kind: 'other-address', invitation: found, signedInAs: email, message: TEAM_MESSAGES.notRecipient };
}

/** "an admin", "a member". */
export const asRole = (role: TInvitationPreview['role']) =>
  role === 'admin' || role === 'owner' ? `an ${role}` : `a ${role}`;
