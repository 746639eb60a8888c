import { EMAIL_STATUS_LABELS, type TExtractionRow } from '@prospector/contracts';
import {
  Button,
  Checkbox,
  EmailStatusBadge,
  RoleAddressBadge,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@prospector/ui';
import RefreshIcon from 'lucide-react/icons/refresh-cw';
import Trash2Icon from 'lucide-react/icons/trash';
import type { ReactNode } from 'react';
import { ageLabel, expiryLabel, formatDay } from '../record-age.ts';
import { isSelectable, pageSelectionState } from '../selection.ts';
import type { TExtractionColumn } from '../table-columns.ts';
import { ExtractionsEmptyState } from './extractions-empty-state.tsx';

export const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));
const flag = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

type TColumnView = {
  headClassName?: string;
  cellClassName?: string;
  cell: (row: TExtractionRow) => ReactNode;
};

/**
 * Text that gives way: with no width of its own (max-width 0) the column takes what the others leave
 * of the card and cuts its text with an ellipsis, so the default columns fit a laptop's width.
 */
const SHRINKING_TEXT = 'max-w-0 min-w-28 truncate';

const NUMBER_COLUMN = { headClassName: 'text-right', cellClassName: 'text-right tabular-nums' };

/** Scraped text that gives way, whole in its title. */
const textColumn = (text: (row: TExtractionRow) => string | null, cellClassName = SHRINKING_TEXT) => ({
  cellClassName,
  cell: (row: TExtractionRow) => <span title={text(row) ?? undefined}>{text(row) ?? '—'}</span>,
});

/** How each column shows a record. Long text is cut with an ellipsis; the whole of it is in its title and the details. */
const COLUMN_VIEWS: Record<Exclude<TExtractionColumn, 'Username'>, TColumnView> = {
  'Full Name': textColumn((row) => row.fullName),
  // The e-mail is what the list is for: it keeps the most room.
  Email: textColumn((row) => row.email, `${SHRINKING_TEXT} min-w-48`),
  'Email Status': {
    cell: (row) => (
      <span className="inline-flex flex-wrap items-center gap-1">
        {row.emailStatus ? (
          <EmailStatusBadge status={row.emailStatus} label={EMAIL_STATUS_LABELS[row.emailStatus]} />
        ) : (
          <span className="text-muted-foreground" title={row.email ? 'Not checked yet' : undefined}>
            —
          </span>
        )}
        {row.emailRole && <RoleAddressBadge />}
      </span>
    ),
  },
  Followers: { ...NUMBER_COLUMN, cell: (row) => count(row.followerCount) },
  Following: { ...NUMBER_COLUMN, cell: (row) => count(row.followingCount) },
  Media: { ...NUMBER_COLUMN, cell: (row) => count(row.mediaCount) },
  Verified: { cell: (row) => flag(row.isVerified) },
  Private: { cell: (row) => flag(row.isPrivate) },
  Category: textColumn((row) => row.category),
  Bio: textColumn((row) => row.biography),
  Date: { cell: (row) => formatDay(row.createdAt) },
  Age: {
    cellClassName: 'whitespace-nowrap',
    cell: (row) => (
      <span className="flex flex-col leading-tight" title={`Data fetched ${formatDay(row.refreshedAt)}`}>
        <span>{ageLabel(row.refreshedAt)}</span>
        <span className="text-xs text-muted-foreground">{expiryLabel(row.expiresAt)}</span>
      </span>
    ),
  },
};

/** The row's own actions: a free re-check (once a day) and delete. */
export function RowActions({
  row,
  rechecking,
  onRecheck,
  onDelete,
  className,
}: {
  row: TExtractionRow;
  rechecking: boolean;
  onRecheck: (row: TExtractionRow) => void;
  onDelete: (row: TExtractionRow) => void;
  className?: string;
}) {
  return (
    <div className={className ?? 'flex justify-end'}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Re-check @${row.username}`}
        title="Re-check: fetch the profile again and keep it longer (free, once a day)"
        disabled={rechecking}
        onClick={() => onRecheck(row)}
      >
        <RefreshIcon aria-hidden className={rechecking ? 'animate-spin' : undefined} />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete @${row.username}`}
        onClick={() => onDelete(row)}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}

export type ExtractionsTableProps = {
  rows: readonly TExtractionRow[];
  /** The columns between Select and Actions, in order; Username is always one. */
  columns: readonly TExtractionColumn[];
  /** First load: skeleton rows instead of an empty state. */
  loading: boolean;
  selected: ReadonlySet<string>;
  onToggleRow: (row: TExtractionRow, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  onOpen: (row: TExtractionRow) => void;
  onDelete: (row: TExtractionRow) => void;
  onRecheck: (row: TExtractionRow) => void;
  /** The record being re-checked, if any. */
  recheckingId: string | null;
};

/**
 * The saved-extractions table on a wide screen. Scraped text (names, bios, categories) is rendered as
 * text. With the default columns it fits its card; with more picked it scrolls sideways inside the
 * card (a keyboard stop of its own), so the page never does.
 */
export function ExtractionsTable({
  rows,
  columns,
  loading,
  selected,
  onToggleRow,
  onTogglePage,
  onOpen,
  onDelete,
  onRecheck,
  recheckingId,
}: ExtractionsTableProps) {
  const pageState = pageSelectionState(selected, rows);
  const anySelectable = rows.some(isSelectable);
  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: 5 }, (_, index) => (
      <TableRow key={index} aria-hidden>
        <TableCell colSpan={columns.length + 2}>
          <Skeleton className="h-6 w-full" />
        </TableCell>
      </TableRow>
    ));
  } else if (rows.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columns.length + 2} className="py-16">
          {/* As wide as the card, not the table, and held at its left edge: all of it shows on a phone. */}
          <ExtractionsEmptyState className="sticky left-2 w-[calc(100cqw-1rem)] whitespace-normal" />
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => {
      const selectable = isSelectable(row);
      const checked = selected.has(row.id);
      return (
        <TableRow key={row.id} data-state={checked ? 'selected' : undefined}>
          <TableCell>
            <Checkbox
              aria-label={selectable ? `Select @${row.username}` : `@${row.username} has no e-mail`}
              title={selectable ? undefined : 'Only rows with an e-mail can be selected'}
              disabled={!selectable}
              checked={checked}
              onCheckedChange={(value) => onToggleRow(row, value === true)}
            />
          </TableCell>
          <TableCell className="max-w-44 font-medium">
            <Button
              variant="link"
              className="block h-auto max-w-full truncate p-0 text-left"
              aria-label={`Details of @${row.username}`}
              title={`@${row.username}`}
              onClick={() => onOpen(row)}
            >
              @{row.username}
            </Button>
          </TableCell>
          {columns.map((column) => {
            if (column === 'Username') return null;
            const view = COLUMN_VIEWS[column];
            return (
              <TableCell key={column} className={view.cellClassName}>
                {view.cell(row)}
              </TableCell>
            );
          })}
          <TableCell className="text-right">
            <RowActions
              row={row}
              rechecking={recheckingId === row.id}
              onRecheck={onRecheck}
              onDelete={onDelete}
            />
          </TableCell>
        </TableRow>
      );
    });
  }

  return (
    <div className="@container overflow-hidden rounded-xl border bg-card shadow-sm">
      <Table scrollRegionLabel="Saved extractions">
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <Checkbox
                aria-label="Select all rows on this page"
                disabled={loading || !anySelectable}
                checked={pageState}
                onCheckedChange={(value) => onTogglePage(value === true)}
              />
            </TableHead>
            {columns.map((column) => (
              <TableHead
                key={column}
                className={column === 'Username' ? undefined : COLUMN_VIEWS[column].headClassName}
              >
                {column}
              </TableHead>
            ))}
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </div>
  );
}
