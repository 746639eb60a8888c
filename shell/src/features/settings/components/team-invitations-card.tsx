import type { TTeam, TTeamInvitation } from '@prospector/contracts';
import {
  Button,
  SectionCard,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import { useInvite } from '../api/invite-member.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { dateOf, ROLE_LABELS } from './team-members-card.tsx';

/** Invitations not yet accepted: resend (a new link replaces the old) or revoke. Owners and admins only. */
export function TeamInvitationsCard({ team }: { team: TTeam }) {
  return (
    <SectionCard title="Pending invitations" description="Each link works for 7 days; resending replaces it.">
      {team.invitations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No pending invitations.</p>
      ) : (
        <Table scrollRegionLabel="Pending invitations">
          <TableHeader>
            <TableRow>
              <TableHead>E-mail</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="max-sm:hidden">Expires</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {team.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

function InvitationRow({ invitation }: { invitation: TTeamInvitation }) {
  const resend = useInvite();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  const role = invitation.role === 'admin' ? 'admin' : 'member';
  return (
    <TableRow data-testid="team-invitation">
      <TableCell className="max-w-[12rem] truncate sm:max-w-none">
        <span className="truncate">{invitation.email}</span>
        <span className="block text-xs text-muted-foreground">Invited by {invitation.invitedBy}</span>
      </TableCell>
      <TableCell>{ROLE_LABELS[invitation.role]}</TableCell>
      <TableCell className="max-sm:hidden">{dateOf(invitation.expiresAt)}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Resend the invitation to ${invitation.email}`}
            onClick={() =>
              resend.mutate(
                { email: invitation.email, role },
                {
                  onSuccess: () => toast.success(`Invitation sent again to ${invitation.email}`),
                  onError: (failure) => toast.error('Not resent', { description: errorMessage(failure) }),
                },
              )
            }
          >
            Resend
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Revoke the invitation to ${invitation.email}`}
            onClick={() =>
              revoke.mutate(invitation.id, {
                onSuccess: () => toast.success(`Invitation to ${invitation.email} revoked`),
                onError: (failure) => toast.error('Not revoked', { description: errorMessage(failure) }),
              })
            }
          >
            Revoke
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
