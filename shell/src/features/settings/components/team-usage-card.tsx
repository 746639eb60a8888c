import {
  MAX_MONTHLY_CREDIT_LIMIT,
  type TMemberUsage,
  type TTeam,
  type TTeamMember,
} from '@prospector/contracts';
import {
  Button,
  Input,
  LoadFailed,
  SectionCard,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import { type FormEvent, useState } from 'react';
import { useClearMemberLimit } from '../api/clear-member-limit.ts';
import { useMemberUsage } from '../api/get-member-usage.ts';
import { useMyUsage } from '../api/get-my-usage.ts';
import { useSetMemberLimit } from '../api/set-member-limit.ts';

const credits = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

/** "You have used n of m credits this month", or without a limit "You have used n credits this month". */
export const myUsageText = (usage: Pick<TMemberUsage, 'used' | 'monthlyLimit'>) =>
  usage.monthlyLimit === null
    ? `You have used ${credits(usage.used)} this month`
    : `You have used ${usage.used.toLocaleString('en-US')} of ${credits(usage.monthlyLimit)} this month`;

export const LIMIT_INVALID_MESSAGE = `Enter a whole number of credits from 0 to ${MAX_MONTHLY_CREDIT_LIMIT.toLocaleString('en-US')}`;

/** The typed limit, or the reason it is refused before anything is sent. */
export function parseLimit(raw: string): { limit: number } | { error: string } {
  const text = raw.trim().replaceAll(',', '');
  if (!/^\d+$/.test(text)) return { error: LIMIT_INVALID_MESSAGE };
  const limit = Number(text);
  return limit > MAX_MONTHLY_CREDIT_LIMIT ? { error: LIMIT_INVALID_MESSAGE } : { limit };
}

/**
 * Credits this month (docs/architecture.md §6): owners and admins see each member's use and set or clear
 * their monthly limit; a member sees their own.
 */
export function TeamUsageCard({ team, manages }: { team: TTeam; manages: boolean }) {
  return manages ? <MembersUsage team={team} /> : <MyUsage />;
}

function MyUsage() {
  const usage = useMyUsage({ enabled: true });
  return (
    <SectionCard title="Your credits this month">
      {usage.isPending ? (
        <Skeleton className="h-5 w-64" aria-label="Usage loading" />
      ) : usage.isError ? (
        <LoadFailed onRetry={() => void usage.refetch()}>
          Your usage could not be loaded. {errorMessage(usage.error)}
        </LoadFailed>
      ) : (
        <p className="text-sm" data-testid="my-usage">
          {myUsageText(usage.data)}
        </p>
      )}
    </SectionCard>
  );
}

function MembersUsage({ team }: { team: TTeam }) {
  const usage = useMemberUsage({ enabled: true });
  return (
    <SectionCard
      title="Credits this month"
      description="What each member used this month (extracted or held by a running extraction). A monthly limit stops a member's extractions once they reach it; 0 stops them spending."
    >
      {usage.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Usage loading" />
      ) : usage.isError ? (
        <LoadFailed onRetry={() => void usage.refetch()}>
          The members' usage could not be loaded. {errorMessage(usage.error)}
        </LoadFailed>
      ) : (
        <Table scrollRegionLabel="Credits this month">
          <TableHeader>
            <TableRow>
              <TableHead>Member</TableHead>
              <TableHead>Used</TableHead>
              <TableHead>Monthly limit</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {team.members.map((member) => (
              <UsageRow
                key={member.id}
                member={member}
                usage={usage.data.members.find((entry) => entry.memberId === member.userId)}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

function UsageRow({ member, usage }: { member: TTeamMember; usage?: TMemberUsage }) {
  const setLimit = useSetMemberLimit();
  const clearLimit = useClearMemberLimit();
  const limit = usage?.monthlyLimit ?? null;
  const [draft, setDraft] = useState(limit === null ? '' : String(limit));
  const [error, setError] = useState<string | null>(null);
  const used = usage?.used ?? 0;
  const inputId = `limit-${member.id}`;
  const busy = setLimit.isPending || clearLimit.isPending;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLimit(draft);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    setLimit.mutate(
      { memberId: member.userId, monthlyLimit: parsed.limit },
      {
        onSuccess: (after) => {
          setDraft(String(after.monthlyLimit ?? parsed.limit));
          toast.success(`${member.name}'s monthly limit is ${credits(parsed.limit)}`);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  const onClear = () => {
    setError(null);
    clearLimit.mutate(member.userId, {
      onSuccess: () => {
        setDraft('');
        toast.success(`${member.name} has no monthly limit`);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <TableRow data-testid="member-usage">
      <TableCell className="max-w-[10rem] sm:max-w-none">
        <span className="block truncate font-medium">{member.name}</span>
      </TableCell>
      <TableCell data-testid="member-used">
        {limit === null ? credits(used) : `${used.toLocaleString('en-US')} of ${credits(limit)}`}
      </TableCell>
      <TableCell>
        <form className="flex flex-wrap items-center gap-2" onSubmit={onSave} noValidate>
          <Input
            id={inputId}
            inputMode="numeric"
            className="h-8 w-24"
            placeholder="No limit"
            aria-label={`Monthly limit of ${member.name}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Save the limit of ${member.name}`}
          >
            Save
          </Button>
          {limit !== null && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={onClear}
              aria-label={`Remove the limit of ${member.name}`}
            >
              Remove limit
            </Button>
          )}
          {error && (
            <p id={`${inputId}-error`} role="alert" className="basis-full text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      </TableCell>
    </TableRow>
  );
}
