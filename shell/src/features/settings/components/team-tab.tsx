import { APP_PATHS, roleAtLeast, type TTeam } from '@prospector/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  ConfirmDialog,
  LoadFailed,
  SectionCard,
  Skeleton,
  toast,
} from '@prospector/ui';
import { errorMessage, useSession } from '@prospector/web-data';
import CircleAlertIcon from 'lucide-react/icons/circle-exclamation-point';
import DoorOpenIcon from 'lucide-react/icons/door-open';
import { useNavigate } from 'react-router-dom';
import { useTeam } from '../api/get-team.ts';
import { useLeaveWorkspace } from '../api/leave-workspace.ts';
import { TeamInvitationsCard } from './team-invitations-card.tsx';
import { TeamInviteCard } from './team-invite-card.tsx';
import { TeamMembersCard } from './team-members-card.tsx';
import { TeamUsageCard } from './team-usage-card.tsx';

/**
 * Settings → Team (docs/product.md §11): the active workspace's members; for owners and admins the
 * invite form with the seats and the pending invitations; leaving, except one's personal workspace.
 */
export function TeamTab() {
  const team = useTeam();
  const session = useSession();
  if (team.isPending) return <Skeleton className="h-72 w-full" aria-label="Team loading" />;
  if (team.isError)
    return (
      <SectionCard title="Team">
        <LoadFailed onRetry={() => void team.refetch()}>
          The team could not be loaded. {errorMessage(team.error)}
        </LoadFailed>
      </SectionCard>
    );
  const me = session.data?.user.id ?? '';
  const manages = roleAtLeast(team.data.role, 'admin');
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground" data-testid="team-workspace">
        Workspace <strong className="text-foreground">{team.data.workspace.name}</strong>
        {team.data.workspace.personal ? ' (your personal workspace)' : ''} · you are{' '}
        {team.data.role === 'admin' || team.data.role === 'owner' ? 'an' : 'a'} {team.data.role}
      </p>
      {manages && <TeamInviteCard team={team.data} />}
      <TeamMembersCard team={team.data} me={me} />
      <TeamUsageCard team={team.data} manages={manages} />
      {manages && <TeamInvitationsCard team={team.data} />}
      {!team.data.workspace.personal && <LeaveCard team={team.data} />}
    </div>
  );
}

function LeaveCard({ team }: { team: TTeam }) {
  const leave = useLeaveWorkspace();
  const navigate = useNavigate();
  const onConfirm = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        toast.success(`You left ${team.workspace.name}`);
        navigate(APP_PATHS.dashboard);
      },
    });
  return (
    <SectionCard
      className="border-destructive/40"
      title="Leave workspace"
      description={`You lose access to ${team.workspace.name}; what you made in it stays there. You go back to your personal workspace.`}
      contentClassName="flex flex-col gap-4"
      footerClassName="justify-end border-t pt-6"
      footer={
        <ConfirmDialog
          trigger={
            <Button variant="destructive" disabled={leave.isPending}>
              <DoorOpenIcon aria-hidden />
              Leave workspace
            </Button>
          }
          title={`Leave ${team.workspace.name}?`}
          description="To come back, you need a new invitation."
          confirmLabel="Leave"
          confirmVariant="destructive"
          onConfirm={onConfirm}
        />
      }
    >
      {leave.isError && (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden />
          <AlertDescription role="alert">{errorMessage(leave.error)}</AlertDescription>
        </Alert>
      )}
    </SectionCard>
  );
}
