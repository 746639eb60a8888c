import { EMAIL_STATUS_LABELS } from '@prospector/contracts';
import { Button, Checkbox, EmailAddress, EmailStatusBadge, RoleAddressBadge, Skeleton } from '@prospector/ui';
import { ageLabel, expiryLabel, formatDay } from '../record-age.ts';
import { isSelectable } from '../selection.ts';
import { ExtractionsEmptyState } from './extractions-empty-state.tsx';
import { count, type ExtractionsTableProps, RowActions } from './extractions-table.tsx';

type ExtractionCardsProps = Omit<ExtractionsTableProps, 'columns' | 'onTogglePage'>;

/**
 * The saved extractions on a phone: one card per record, its username and e-mail first, then the
 * counts. Everything else is in the record's details.
 */
export function ExtractionCards({
  rows,
  loading,
  selected,
  onToggleRow,
  onOpen,
  onDelete,
  onRecheck,
  recheckingId,
}: ExtractionCardsProps) {
  if (loading) {
    return (
      <div className="flex flex-col gap-3" aria-hidden>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-32 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return <ExtractionsEmptyState className="rounded-xl border bg-card px-4 py-12" />;
  }
  return (
    <ul aria-label="Saved extractions" className="flex flex-col gap-3">
      {rows.map((row) => {
        const selectable = isSelectable(row);
        const checked = selected.has(row.id);
        return (
          <li
            key={row.id}
            data-testid="extraction-card"
            data-state={checked ? 'selected' : undefined}
            className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm data-[state=selected]:bg-muted"
          >
            <div className="flex items-start gap-3">
              <Checkbox
                className="mt-1"
                aria-label={selectable ? `Select @${row.username}` : `@${row.username} has no e-mail`}
                title={selectable ? undefined : 'Only rows with an e-mail can be selected'}
                disabled={!selectable}
                checked={checked}
                onCheckedChange={(value) => onToggleRow(row, value === true)}
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <Button
                  variant="link"
                  className="h-auto justify-start p-0 text-left font-medium break-all whitespace-normal"
                  aria-label={`Details of @${row.username}`}
                  onClick={() => onOpen(row)}
                >
                  @{row.username}
                </Button>
                {row.email ? (
                  <EmailAddress email={row.email} className="text-sm" />
                ) : (
                  <span className="text-sm text-muted-foreground">No e-mail</span>
                )}
                {(row.emailStatus || row.emailRole) && (
                  <span className="flex flex-wrap items-center gap-1">
                    {row.emailStatus && (
                      <EmailStatusBadge
                        status={row.emailStatus}
                        label={EMAIL_STATUS_LABELS[row.emailStatus]}
                      />
                    )}
                    {row.emailRole && <RoleAddressBadge />}
                  </span>
                )}
              </div>
              <RowActions
                row={row}
                rechecking={recheckingId === row.id}
                onRecheck={onRecheck}
                onDelete={onDelete}
                className="-mt-1 -mr-2 flex shrink-0"
              />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-center text-sm">
              {(
                [
                  ['Followers', row.followerCount],
                  ['Following', row.followingCount],
                  ['Media', row.mediaCount],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-md bg-muted/50 px-1 py-1.5">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-medium tabular-nums">{count(value)}</dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-muted-foreground" title={`Extracted ${formatDay(row.createdAt)}`}>
              {ageLabel(row.refreshedAt)} · {expiryLabel(row.expiresAt)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
