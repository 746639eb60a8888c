import { Link } from '@prospector/router';
import {
  cn,
  LoadFailed,
  Pagination,
  SectionCard,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@prospector/ui';
import { useCredits } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatCredits, formatDateTime } from '../../../lib/format.ts';
import { creditHistoryQueryOptions, useCreditHistory } from '../api/get-credit-history.ts';
import { useTeam } from '../api/get-team.ts';

export const FORMER_MEMBER = 'Former member';

/**
 * Who made a change, once the workspace has more than one member: the member's name, "Former member"
 * for one who erased their account (or left), nothing for a change no one made.
 */
export function memberNamesOf(members: Array<{ userId: string; name: string }> | undefined) {
  if (!members || members.length < 2) return () => null;
  const names = new Map(members.map((member) => [member.userId, member.name]));
  return (memberId: string | null | undefined) =>
    memberId === undefined ? null : (memberId !== null && names.get(memberId)) || FORMER_MEMBER;
}

/** Every change to the balance, newest first, so each charge can be traced to what it paid for. */
export function CreditHistory() {
  const [page, setPage] = useState(1);
  const history = useCreditHistory(page);
  const queryClient = useQueryClient();
  // The balance moves live (SSE); the rows behind it follow.
  const updatedAt = useCredits().data?.updatedAt;
  useEffect(() => {
    if (updatedAt) void queryClient.invalidateQueries({ queryKey: creditHistoryQueryOptions(page).queryKey });
  }, [updatedAt, page, queryClient]);

  const memberName = memberNamesOf(useTeam().data?.members);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <SectionCard
      title="Credit History"
      description="Every credit granted and spent, newest first."
      contentClassName="flex flex-col gap-4"
    >
      {history.isError && !data ? (
        <LoadFailed className="justify-between" onRetry={() => void history.refetch()}>
          The credit history could not be loaded.
        </LoadFailed>
      ) : (
        <Table aria-label="Credit history" className={cn(history.isPlaceholderData && 'opacity-60')}>
          <TableHeader>
            <TableRow>
              {/* On phones the date moves under the reason, so the amounts keep their room. */}
              <TableHead className="hidden sm:table-cell">Date</TableHead>
              <TableHead className="text-right">Change</TableHead>
              <TableHead>Description</TableHead>
              <TableHead className="text-right whitespace-normal">Balance after</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!data
              ? [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    {[0, 1, 2, 3].map((cell) => (
                      <TableCell key={cell} className={cn(cell === 0 && 'hidden sm:table-cell')}>
                        <Skeleton className="h-4 w-20" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : data.items.map((item) => (
                  <TableRow key={item.id} data-testid="credit-history-row">
                    <TableCell className="hidden sm:table-cell">{formatDateTime(item.createdAt)}</TableCell>
                    <TableCell
                      className={cn(
                        'text-right font-medium',
                        item.amount >= 0 ? 'text-success' : 'text-destructive',
                      )}
                    >
                      {item.amount >= 0 ? '+' : '−'}
                      {formatCredits(Math.abs(item.amount))}
                    </TableCell>
                    <TableCell className="whitespace-normal">
                      {/* The service words every change the same way for every client. */}
                      {item.description}
                      {memberName(item.memberId) && (
                        <span
                          className="block text-xs text-muted-foreground"
                          data-testid="credit-history-member"
                        >
                          by {memberName(item.memberId)}
                        </span>
                      )}
                      <span className="block text-xs text-muted-foreground sm:hidden">
                        {formatDateTime(item.createdAt)}
                      </span>
                      {item.link && (
                        <Link
                          to={item.link.href}
                          className="block text-xs text-primary underline-offset-4 hover:underline"
                        >
                          {item.link.label}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell className="text-right">{formatCredits(item.balanceAfter)}</TableCell>
                  </TableRow>
                ))}
            {data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} className="text-center text-muted-foreground">
                  No credit changes yet.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
      {data && pages > 1 && (
        <Pagination label="Credit history pages" page={page} totalPages={pages} onPage={setPage} />
      )}
    </SectionCard>
  );
}
