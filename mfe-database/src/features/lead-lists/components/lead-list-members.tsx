import { Button, Checkbox, LoadFailed, PHONE_SCREEN_QUERY, Skeleton, useMediaQuery } from '@prospector/ui';
import ListXIcon from 'lucide-react/icons/list-x';
import type { useLeadListMembers } from '../api/get-lead-list-members.ts';

export const MEMBERS_LOAD_FAILED = 'Unable to load this list';
export const EMPTY_LIST =
  'This list is empty. Add records from the Database page or from a run’s results (“Add to list…”).';

type TMembersQuery = ReturnType<typeof useLeadListMembers>;
type TMember = NonNullable<TMembersQuery['data']>['items'][number];

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

/** A lead list's members on one page: loading, failed, empty, or one selectable row each. */
export function LeadListMembers({
  members,
  selected,
  onSelect,
  removeBusy,
  onRemove,
}: {
  members: TMembersQuery;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], value: boolean) => void;
  removeBusy: boolean;
  onRemove: (ids: string[]) => void;
}) {
  const phone = useMediaQuery(PHONE_SCREEN_QUERY);
  const data = members.data;
  const rows = data?.items ?? [];
  return members.isPending ? (
    <div aria-busy="true" className="flex flex-col gap-2">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  ) : members.isError && !data ? (
    <LoadFailed onRetry={() => void members.refetch()} className="rounded-xl border p-4">
      {MEMBERS_LOAD_FAILED}
    </LoadFailed>
  ) : rows.length === 0 ? (
    <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
      {EMPTY_LIST}
    </p>
  ) : (
    <ul
      aria-label="Members"
      className={phone ? 'flex flex-col gap-2' : 'flex flex-col divide-y rounded-xl border'}
    >
      {rows.map((row) => (
        <MemberRow
          key={row.id}
          row={row}
          phone={phone}
          checked={selected.has(row.id)}
          onSelect={(value) => onSelect([row.id], value)}
          removeBusy={removeBusy}
          onRemove={() => onRemove([row.id])}
        />
      ))}
    </ul>
  );
}

function MemberRow({
  row,
  phone,
  checked,
  onSelect,
  removeBusy,
  onRemove,
}: {
  row: TMember;
  phone: boolean;
  checked: boolean;
  onSelect: (value: boolean) => void;
  removeBusy: boolean;
  onRemove: () => void;
}) {
  return (
    <li
      className={
        phone
          ? 'flex flex-col gap-1 rounded-xl border p-3'
          : 'grid grid-cols-[auto_minmax(8rem,1fr)_minmax(8rem,1fr)_minmax(10rem,1.5fr)_6rem_minmax(6rem,1fr)_auto] items-center gap-3 px-3 py-2 text-sm'
      }
    >
      <div className="flex items-center gap-2">
        <Checkbox
          aria-label={`Select @${row.username}`}
          checked={checked}
          onCheckedChange={(value) => onSelect(value === true)}
        />
        {phone && <span className="font-medium">@{row.username}</span>}
      </div>
      {!phone && <span className="truncate font-medium">@{row.username}</span>}
      <span className="truncate text-muted-foreground" title={row.fullName ?? undefined}>
        {row.fullName ?? '—'}
      </span>
      <span className="truncate" title={row.email ?? undefined}>
        {row.email ?? '—'}
      </span>
      <span className={phone ? 'text-muted-foreground' : 'text-right tabular-nums'}>
        {phone ? `${count(row.followerCount)} followers` : count(row.followerCount)}
      </span>
      <span className="truncate text-muted-foreground">{row.category ?? '—'}</span>
      <Button
        variant="ghost"
        size="sm"
        className={phone ? 'self-start' : undefined}
        aria-label={`Remove @${row.username} from the list`}
        disabled={removeBusy}
        onClick={onRemove}
      >
        <ListXIcon aria-hidden />
        Remove
      </Button>
    </li>
  );
}
