import { useSession } from '@prospector/web-data';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../components/full-page-status.tsx';
import { invitationHref, readPendingInvitation } from '../../lib/pending-invitation.ts';
import { decideGuard } from './guard-decision.ts';

/**
 * /auth is for visitors: signed-in users go to /dashboard (docs/product.md §2), or back to the invitation
 * they came to sign in for (docs/product.md §11).
 */
export function PublicOnly() {
  const session = useSession();
  const decision = decideGuard({
    requirement: 'signed-out',
    // A failed session check must not lock anyone out of signing in.
    session: session.isPending ? 'loading' : session.data ? 'signed-in' : 'signed-out',
    gated: false,
  });
  if (decision.kind === 'spinner') return <FullPageSpinner label="Checking your session" />;
  if (decision.kind === 'redirect') {
    const invitation = readPendingInvitation();
    return <Navigate to={invitation ? invitationHref(invitation.id) : decision.to} replace />;
  }
  return <Outlet />;
}
