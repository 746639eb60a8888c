import { APP_PATHS } from '@prospector/contracts';
import { Alert, AlertDescription, AlertTitle, Button, SectionCard, Spinner, toast } from '@prospector/ui';
import { errorMessage, signOut, useSession } from '@prospector/web-data';
import CircleAlertIcon from 'lucide-react/icons/circle-exclamation-point';
import MailOpenIcon from 'lucide-react/icons/mail-open';
import UsersIcon from 'lucide-react/icons/users';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAcceptInvitation } from '../../../api/accept-invitation.ts';
import { useEndSession } from '../../../api/sign-out.ts';
import { ProductLogo } from '../../../components/product-logo.tsx';
import { storePendingInvitation } from '../../../lib/pending-invitation-store.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { asRole, decideInvitationView } from '../invitation-view.ts';

const CARD = { className: 'w-full max-w-md', centered: true, heading: 'h1' } as const;

/**
 * `/invite/:id`, the invitation mail's link (docs/product.md §11): who invited you to which workspace and
 * as what. Signed out: create an account (the address filled in; after verification the callback accepts
 * and the new account lands in the workspace) or sign in. Signed in as the recipient: accept, which
 * switches to the workspace. A closed link, or another signed-in address, says why.
 */
export function InvitationPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const invitation = useInvitation(id);
  const accept = useAcceptInvitation();
  const leave = useEndSession(signOut, () => undefined);
  const view = decideInvitationView(invitation, session);

  // A link that no longer works is not kept for after sign-in.
  useEffect(() => {
    if (view.kind === 'closed') storePendingInvitation(undefined);
  }, [view.kind]);

  const goToAuth = (tab: 'sign-in' | 'sign-up') => {
    if (!('invitation' in view)) return;
    const { email, workspaceName } = view.invitation;
    storePendingInvitation({ id, email, workspaceName });
    navigate(APP_PATHS.auth, { state: { authIntent: { tab, email } } });
  };

  const onAccept = () => {
    if (view.kind !== 'recipient') return;
    const { workspaceName } = view.invitation;
    accept.mutate(id, {
      onSuccess: () => {
        storePendingInvitation(undefined);
        toast.success(`You joined ${workspaceName}`);
        navigate(APP_PATHS.dashboard, { replace: true });
      },
    });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-8">
      {view.kind === 'loading' ? (
        <SectionCard
          {...CARD}
          aria-busy="true"
          aboveTitle={<Spinner label="Loading the invitation" className="text-primary [&_svg]:size-8" />}
          title="Loading the invitation"
          description="This only takes a moment."
        />
      ) : view.kind === 'closed' || view.kind === 'failed' ? (
        <SectionCard
          {...CARD}
          aboveTitle={<CircleAlertIcon className="size-10 text-destructive" aria-hidden />}
          title={view.kind === 'closed' ? 'Invitation not available' : 'Couldn’t load the invitation'}
          description={
            <span role="alert">{view.kind === 'closed' ? view.message : errorMessage(invitation.error)}</span>
          }
          contentClassName="flex flex-wrap justify-center gap-2"
        >
          {view.kind === 'failed' && (
            <Button onClick={() => void invitation.refetch()} disabled={invitation.isFetching}>
              Try again
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to={session.data ? APP_PATHS.dashboard : APP_PATHS.landing}>Go to Prospector</Link>
          </Button>
        </SectionCard>
      ) : (
        <SectionCard
          {...CARD}
          aboveTitle={<ProductLogo />}
          title={`Join ${view.invitation.workspaceName} on Prospector`}
          description={
            <>
              <strong>{view.invitation.invitedBy}</strong> invited <strong>{view.invitation.email}</strong> to
              join the workspace <strong>{view.invitation.workspaceName}</strong> as{' '}
              {asRole(view.invitation.role)}.
            </>
          }
          contentClassName="flex flex-col gap-4"
        >
          {view.kind === 'signed-out' && (
            <>
              <p className="text-center text-sm text-muted-foreground">
                New to Prospector? Create your account with this address; once it is confirmed you are in the
                workspace.
              </p>
              <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
                <Button onClick={() => goToAuth('sign-up')}>
                  <UsersIcon aria-hidden />
                  Create an account
                </Button>
                <Button variant="outline" onClick={() => goToAuth('sign-in')}>
                  Sign in
                </Button>
              </div>
            </>
          )}
          {view.kind === 'recipient' && (
            <>
              {accept.isError && (
                <Alert variant="destructive">
                  <CircleAlertIcon aria-hidden />
                  <AlertTitle>Could not accept the invitation</AlertTitle>
                  <AlertDescription role="alert">{errorMessage(accept.error)}</AlertDescription>
                </Alert>
              )}
              <Button className="self-center" onClick={onAccept} disabled={accept.isPending}>
                <MailOpenIcon aria-hidden />
                {accept.isPending ? 'Joining…' : 'Accept invitation'}
              </Button>
            </>
          )}
          {view.kind === 'other-address' && (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden />
              <AlertTitle>Signed in as {view.signedInAs}</AlertTitle>
              <AlertDescription className="flex flex-col items-start gap-3">
                <p role="alert">{view.message}</p>
                <Button size="sm" variant="outline" disabled={leave.isPending} onClick={() => leave.mutate()}>
                  Sign out
                </Button>
              </AlertDescription>
            </Alert>
          )}
        </SectionCard>
      )}
    </main>
  );
}
