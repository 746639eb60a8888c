import { billingTabHref, TEAM_MESSAGES, type TTeam, ZInviteRequestSchema } from '@prospector/contracts';
import { Alert, AlertDescription, AlertTitle, Button, SectionCard, toast } from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import CircleAlertIcon from 'lucide-react/icons/circle-exclamation-point';
import SparklesIcon from 'lucide-react/icons/sparkles';
import UserPlusIcon from 'lucide-react/icons/user-plus';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmailField, SelectField, SubmitButton } from '../../../components/form-field.tsx';
import { useInvite } from '../api/invite-member.ts';

export const INVITE_ROLE_OPTIONS = [
  { value: 'member', label: 'Member — extract, database, lists' },
  { value: 'admin', label: 'Admin — also members, API keys, webhooks' },
] as const;

const isSeatLimit = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code === 'SEAT_LIMIT_REACHED';

/** The seat limit's words and the way out: an upgrade on the billing page. */
function SeatLimitAlert({ message }: { message: string }) {
  return (
    <Alert>
      <CircleAlertIcon aria-hidden />
      <AlertTitle>All seats are taken</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p role="status">{message}</p>
        <Button asChild size="sm">
          <Link to={billingTabHref('plans')}>
            <SparklesIcon aria-hidden />
            Upgrade
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** Invite by e-mail as member or admin, with the seats of the plan; at the limit, why and the upgrade. */
export function TeamInviteCard({ team }: { team: TTeam }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [error, setError] = useState<string>();
  const invite = useInvite();
  const { included, used, plan } = team.seats;
  const full = used >= included;
  const seatMessage = TEAM_MESSAGES.seatLimit(included, plan);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZInviteRequestSchema.safeParse({ email, role });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast.success(`Invitation sent to ${sent.email}`);
        setEmail('');
      },
      onError: (failure) => {
        if (!isSeatLimit(failure)) setError(errorMessage(failure));
      },
    });
  };

  return (
    <SectionCard
      title="Invite a colleague"
      description={
        <span data-testid="seat-count">
          {used} of {included} seats used on the {plan} plan (members and pending invitations).
        </span>
      }
      onSubmit={onSubmit}
      contentClassName="flex flex-col gap-4"
      footerClassName="justify-end border-t pt-6"
      footer={
        <SubmitButton pending={invite.isPending} pendingLabel="Sending the invitation" disabled={full}>
          <UserPlusIcon aria-hidden />
          Send invitation
        </SubmitButton>
      }
    >
      {(full || isSeatLimit(invite.error)) && <SeatLimitAlert message={seatMessage} />}
      <div className="grid gap-4 sm:grid-cols-[1fr_16rem]">
        <EmailField
          id="invite-email"
          value={email}
          onChange={setEmail}
          error={error}
          disabled={full}
          hint="They get a link valid for 7 days."
        />
        <SelectField
          id="invite-role"
          label="Role"
          name="role"
          value={role}
          onChange={(value) => setRole(value === 'admin' ? 'admin' : 'member')}
          options={INVITE_ROLE_OPTIONS}
        />
      </div>
    </SectionCard>
  );
}
