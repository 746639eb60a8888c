import { EMAIL_STATUS_LABELS, type TExtractionRow } from '@prospector/contracts';
import {
  Button,
  Checkbox,
  EmailStatusBadge,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@prospector/ui';
import SearchXIcon from 'lucide-react/icons/search-x';
import Trash2Icon from 'lucide-react/icons/trash';
import type { ReactNode } from 'react';
import { isSelectable, pageSelectionState } from '../selection.ts';

/** docs/product.md §2, Database page: the table's columns in order, between Select and Actions. */
export const EXTRACTION_COLUMNS = [
  'Username',
  'Full Name',
  'Email',
  'Email Status',
  'Followers',
  'Following',
  'Media',
  'Verified',
  'Private',
  'Category',
  'Bio',
  'Date',
] as const;

export const EMPTY_STATE_MESSAGE = 'No extractions found matching your filters.';

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));
const flag = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

type ExtractionsTableProps = {
  rows: readonly TExtractionRow[];
  /** First load: skeleton rows instead of an empty state. */
  loading: boolean;
  selected: ReadonlySet<string>;
  onToggleRow: (row: TExtractionRow, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  onOpen: (row: TExtractionRow) => void;
  onDelete: (row: TExtractionRow) => void;
};

/**
 * The saved-extractions table. Scraped text (names, bios, categories) is rendered as text. The table
 * scrolls sideways inside its card (a keyboard stop of its own), so a phone's page never does.
 */
export function ExtractionsTable({
  rows,
  loading,
  selected,
  onToggleRow,
  onTogglePage,
  onOpen,
  onDelete,
}: ExtractionsTableProps) {
  const pageState = pageSelectionState(selected, rows);
  const anySelectable = rows.some(isSelectable);
  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: 5 }, (_, index) => (
      <TableRow key={index} aria-hidden>
        <TableCell colSpan={EXTRACTION_COLUMNS.length + 2}>
          <Skeleton className="h-6 w-full" />
        </TableCell>
      </TableRow>
    ));
  } else if (rows.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={EXTRACTION_COLUMNS.length + 2} className="py-16">
          {/* As wide as the card, not the table, and held at its left edge: all of it shows on a phone. */}
          <div className="sticky left-2 flex w-[calc(100cqw-1rem)] flex-col items-center gap-3 text-center whitespace-normal">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <SearchXIcon className="size-6" aria-hidden />
            </span>
            <p className="font-medium">{EMPTY_STATE_MESSAGE}</p>
            <p className="text-sm text-muted-foreground">
              Extract accounts with the Instagram Info tool and they will appear here.
            </p>
          </div>
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
          <TableCell className="font-medium">
            <Button
              variant="link"
              className="h-auto p-0"
              aria-label={`Details of @${row.username}`}
              onClick={() => onOpen(row)}
            >
              @{row.username}
            </Button>
          </TableCell>
          <TableCell className="max-w-48 truncate" title={row.fullName ?? undefined}>
            {row.fullName ?? '—'}
          </TableCell>
          <TableCell>{row.email ?? '—'}</TableCell>
          <TableCell>
            {row.emailStatus ? (
              <EmailStatusBadge status={row.emailStatus} label={EMAIL_STATUS_LABELS[row.emailStatus]} />
            ) : (
              <span className="text-muted-foreground" title={row.email ? 'Not checked yet' : undefined}>
                —
              </span>
            )}
          </TableCell>
          <TableCell className="text-right tabular-nums">{count(row.followerCount)}</TableCell>
          <TableCell className="text-right tabular-nums">{count(row.followingCount)}</TableCell>
          <TableCell className="text-right tabular-nums">{count(row.mediaCount)}</TableCell>
          <TableCell>{flag(row.isVerified)}</TableCell>
          <TableCell>{flag(row.isPrivate)}</TableCell>
          <TableCell className="max-w-40 truncate" title={row.category ?? undefined}>
            {row.category ?? '—'}
          </TableCell>
          <TableCell className="max-w-64 truncate" title={row.biography ?? undefined}>
            {row.biography ?? '—'}
          </TableCell>
          <TableCell>{formatDate(row.createdAt)}</TableCell>
          <TableCell className="text-right">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete @${row.username}`}
              onClick={() => onDelete(row)}
            >
              <Trash2Icon aria-hidden />
            </Button>
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
            {EXTRACTION_COLUMNS.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </div>
  );
}
