import { roleAtLeast, type TTeam, type TTeamMember, type TWorkspaceRole } from '@prospector/contracts';
import {
  Badge,
  Button,
  ConfirmDialog,
  SectionCard,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import UserMinusIcon from 'lucide-react/icons/user-minus';
import { useChangeRole } from '../api/change-role.ts';
import { useRemoveMember } from '../api/remove-member.ts';

export const ROLE_LABELS: Record<TWorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * What the signed-in member may do to `target` (the service decides again, docs/product.md §11): owners
 * and admins manage; only an owner touches an owner; nobody removes themselves (they leave instead).
 */
export function memberActions(team: Pick<TTeam, 'role'>, me: string, target: TTeamMember) {
  const manages = roleAtLeast(team.role, 'admin');
  const touches = manages && (team.role === 'owner' || target.role !== 'owner');
  return {
    changeRole: touches,
    roles: (team.role === 'owner' ? ['member', 'admin', 'owner'] : ['member', 'admin']) as TWorkspaceRole[],
    remove: touches && target.userId !== me,
  };
}

/** The workspace's members: name, e-mail, role, joined; role changes and removal for owners and admins. */
export function TeamMembersCard({ team, me }: { team: TTeam; me: string }) {
  return (
    <SectionCard
      title="Members"
      description={
        roleAtLeast(team.role, 'admin')
          ? 'Owners handle billing and members; admins members, API keys and webhooks; members extract and use the database.'
          : 'Only a workspace owner or admin can manage members.'
      }
    >
      <Table scrollRegionLabel="Members">
        <TableHeader>
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="max-sm:hidden">Joined</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {team.members.map((member) => (
            <MemberRow key={member.id} team={team} me={me} member={member} />
          ))}
        </TableBody>
      </Table>
    </SectionCard>
  );
}

function MemberRow({ team, me, member }: { team: TTeam; me: string; member: TTeamMember }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const allowed = memberActions(team, me, member);
  const you = member.userId === me;

  const onRole = (role: string) =>
    changeRole.mutate(
      { memberId: member.id, role: role as TWorkspaceRole },
      {
        onSuccess: (after) => toast.success(`${after.name} is now ${ROLE_LABELS[after.role].toLowerCase()}`),
        onError: (failure) => toast.error('Role not changed', { description: errorMessage(failure) }),
      },
    );
  const onRemove = () =>
    remove.mutate(member.id, {
      onSuccess: () => toast.success(`${member.name} was removed from ${team.workspace.name}`),
      onError: (failure) => toast.error('Member not removed', { description: errorMessage(failure) }),
    });

  return (
    <TableRow data-testid="team-member">
      <TableCell className="max-w-[14rem] sm:max-w-none">
        <div className="flex flex-col">
          <span className="truncate font-medium">
            {member.name}
            {you && <span className="font-normal text-muted-foreground"> (you)</span>}
          </span>
          <span className="truncate text-xs text-muted-foreground">{member.email}</span>
        </div>
      </TableCell>
      <TableCell>
        {allowed.changeRole ? (
          <Select value={member.role} onValueChange={onRole} disabled={changeRole.isPending}>
            <SelectTrigger className="h-8 w-28" aria-label={`Role of ${member.name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {allowed.roles.map((role) => (
                <SelectItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <Badge variant="outline">{ROLE_LABELS[member.role]}</Badge>
        )}
      </TableCell>
      <TableCell className="max-sm:hidden">{dateOf(member.joinedAt)}</TableCell>
      <TableCell className="text-right">
        {allowed.remove && (
          <ConfirmDialog
            trigger={
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remove ${member.name}`}
              >
                <UserMinusIcon aria-hidden />
                <span className="max-sm:sr-only">Remove</span>
              </Button>
            }
            title={`Remove ${member.name}?`}
            description={`${member.name} loses access to ${team.workspace.name} at once. Their runs and records stay in the workspace.`}
            confirmLabel="Remove member"
            confirmVariant="destructive"
            onConfirm={onRemove}
          />
        )}
      </TableCell>
    </TableRow>
  );
}
