import type { TExtractionRow } from '@prospector/contracts';
import { APP_PATHS } from '@prospector/contracts';
import { Link } from '@prospector/router';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  Label,
  LoadFailed,
  PageHeader,
  Pagination,
  PHONE_SCREEN_QUERY,
  toast,
  useMediaQuery,
} from '@prospector/ui';
import { AddToListDialog, exportErrorMessage, SignedInOnly, useLeadLists } from '@prospector/web-data';
import { useQueryClient } from '@tanstack/react-query';
import DownloadIcon from 'lucide-react/icons/download';
import ListsIcon from 'lucide-react/icons/list';
import ListPlusIcon from 'lucide-react/icons/list-plus';
import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import Trash2Icon from 'lucide-react/icons/trash';
import { useEffect, useState } from 'react';
import { DELETE_FAILED_MESSAGE, useDeleteExtractions } from '../api/delete-extractions.ts';
import { exportUrl, useExportExtractions } from '../api/export-extractions.ts';
import { useCategories } from '../api/get-categories.ts';
import { useExtractions } from '../api/get-extractions.ts';
import { DATABASE_QUERY_KEY } from '../api/query-keys.ts';
import {
  recheckErrorMessage,
  recheckedDescription,
  useRecheckExtraction,
} from '../api/recheck-extraction.ts';
import { useLiveExtractions } from '../api/use-live-extractions.ts';
import { retentionNote } from '../record-age.ts';
import { selectPage, toggleRow, unselectPage } from '../selection.ts';
import { useExtractionFilters } from '../use-extraction-filters.ts';
import { useVisibleColumns } from '../use-visible-columns.ts';
import { ColumnPicker } from './column-picker.tsx';
import { ExtractionCards } from './extraction-cards.tsx';
import { ExtractionDetailDialog } from './extraction-detail-dialog.tsx';
import { ExtractionFiltersPanel } from './extraction-filters-panel.tsx';
import { ExtractionStats } from './extraction-stats.tsx';
import { ExtractionsTable } from './extractions-table.tsx';
import { OptOutRemovalsNotice } from './opt-out-removals-notice.tsx';

export const LOAD_FAILED_MESSAGE = 'Unable to load extractions';

/** What a delete asks about: its records, and the confirmation's title naming them. */
type TDeleteTarget = { ids: string[]; title: string };

/** The confirmation's sentence, in the number of records it deletes. */
export const deleteDescription = (count: number) =>
  count === 1
    ? 'This removes it from your database. The account can be extracted again later.'
    : 'This removes them from your database. The accounts can be extracted again later.';

/** The saved-extractions library (docs/product.md §2, §5): filters in the URL, a page of 25, export, delete. */
export function DatabasePage() {
  return (
    <SignedInOnly>
      <DatabaseLibrary />
    </SignedInOnly>
  );
}

function DatabaseLibrary() {
  const queryClient = useQueryClient();
  const { draft, filters, page, update, setPage } = useExtractionFilters();
  const extractions = useExtractions({ filters, page });
  const categories = useCategories();
  const leadLists = useLeadLists();
  const [addingToList, setAddingToList] = useState(false);
  const deletion = useDeleteExtractions();
  const exporting = useExportExtractions();
  const recheck = useRecheckExtraction();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [detail, setDetail] = useState<TExtractionRow | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<TDeleteTarget | null>(null);
  const [includeEmailStatus, setIncludeEmailStatus] = useState(false);
  const phone = useMediaQuery(PHONE_SCREEN_QUERY);
  const columns = useVisibleColumns();
  useLiveExtractions();

  // Another filter set is another list: what was ticked under the old one is not visible any more.
  useEffect(() => setSelected(new Set()), [filters]);

  const data = extractions.data;
  const rows = data?.items ?? [];
  // The server serves the last page when asked for one beyond it (e.g. after deleting its rows).
  useEffect(() => {
    if (data && !extractions.isPlaceholderData && data.page !== page) setPage(data.page);
  }, [data, extractions.isPlaceholderData, page, setPage]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: DATABASE_QUERY_KEY });

  const exportSelection = () =>
    exporting.mutate(exportUrl(filters, [...selected], includeEmailStatus), {
      onError: (error) => toast.error(exportErrorMessage(error)),
    });

  const confirmDelete = () => {
    const target = deleteTarget;
    setDeleteTarget(null);
    if (!target) return;
    deletion.mutate(target.ids, {
      onSuccess: ({ deleted }) => {
        setSelected((previous) => {
          const next = new Set(previous);
          for (const id of target.ids) next.delete(id);
          return next;
        });
        toast.success(deleted === 1 ? 'Extraction deleted' : `${deleted} extractions deleted`);
      },
      onError: () => toast.error(DELETE_FAILED_MESSAGE),
    });
  };

  // One at a time from the list; the answer (or the reason it was refused) comes as a toast.
  const recheckRow = (row: TExtractionRow) =>
    recheck.mutate(row.id, {
      onSuccess: (result) =>
        toast.success(`@${row.username} re-checked`, { description: recheckedDescription(result) }),
      onError: (error) => toast.error(recheckErrorMessage(error)),
    });
  const recheckingId = recheck.isPending ? (recheck.variables ?? null) : null;

  const totalPages = data?.totalPages ?? 1;
  const shownPage = data?.page ?? page;
  return (
    <div className="flex min-w-0 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Instagram Database"
        description="Every account you have extracted: filter, export to CSV, or delete."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={APP_PATHS.leadLists}>
                <ListsIcon aria-hidden />
                Lead lists
              </Link>
            </Button>
            <Button variant="outline" onClick={refresh} disabled={extractions.isFetching}>
              <RefreshCwIcon aria-hidden className={extractions.isFetching ? 'animate-spin' : undefined} />
              Refresh
            </Button>
          </>
        }
      />
      <ExtractionStats />
      <OptOutRemovalsNotice />
      <ExtractionFiltersPanel
        filters={draft}
        onChange={update}
        categories={categories.data ?? []}
        lists={leadLists.data}
        foldable={phone}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!rows.some((row) => row.email !== null)}
          onClick={() => setSelected((previous) => selectPage(previous, rows))}
        >
          Select All Page
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={selected.size === 0}
          onClick={() => setSelected(new Set())}
        >
          Clear Selection
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected.size > 0 ? `${selected.size} selected` : ''}
        </p>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <div className="flex items-center gap-2">
            <Checkbox
              id="export-email-status"
              checked={includeEmailStatus}
              onCheckedChange={(value) => setIncludeEmailStatus(value === true)}
            />
            <Label htmlFor="export-email-status" className="text-sm font-normal">
              Include e-mail status
            </Label>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={exportSelection}
            disabled={exporting.isPending || !data}
            title={
              selected.size === 0 ? 'Exports every row with an e-mail that matches the filters' : undefined
            }
          >
            <DownloadIcon aria-hidden />
            Export Selected
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={selected.size === 0}
            onClick={() => setAddingToList(true)}
          >
            <ListPlusIcon aria-hidden />
            Add to list…
          </Button>
          <Button
            variant="destructive"
            size="sm"
            disabled={selected.size === 0 || deletion.isPending}
            onClick={() =>
              setDeleteTarget({
                ids: [...selected],
                title: `Delete ${selected.size} extraction${selected.size === 1 ? '' : 's'}?`,
              })
            }
          >
            <Trash2Icon aria-hidden />
            Delete Selected
          </Button>
          {!phone && <ColumnPicker visible={columns.visible} onToggle={columns.toggle} />}
        </div>
      </div>
      {extractions.isError && !data ? (
        <LoadFailed onRetry={() => void extractions.refetch()} className="rounded-xl border p-4">
          {LOAD_FAILED_MESSAGE}
        </LoadFailed>
      ) : phone ? (
        <ExtractionCards
          rows={rows}
          loading={extractions.isPending}
          selected={selected}
          onToggleRow={(row, checked) => setSelected((previous) => toggleRow(previous, row, checked))}
          onOpen={setDetail}
          onDelete={(row) => setDeleteTarget({ ids: [row.id], title: `Delete @${row.username}?` })}
          onRecheck={recheckRow}
          recheckingId={recheckingId}
        />
      ) : (
        <ExtractionsTable
          rows={rows}
          columns={columns.visible}
          loading={extractions.isPending}
          selected={selected}
          onToggleRow={(row, checked) => setSelected((previous) => toggleRow(previous, row, checked))}
          onTogglePage={(checked) =>
            setSelected((previous) => (checked ? selectPage(previous, rows) : unselectPage(previous, rows)))
          }
          onOpen={setDetail}
          onDelete={(row) => setDeleteTarget({ ids: [row.id], title: `Delete @${row.username}?` })}
          onRecheck={recheckRow}
          recheckingId={recheckingId}
        />
      )}
      {extractions.isError && data ? (
        <LoadFailed onRetry={() => void extractions.refetch()}>{LOAD_FAILED_MESSAGE}</LoadFailed>
      ) : null}
      <Pagination page={shownPage} totalPages={totalPages} busy={extractions.isFetching} onPage={setPage} />
      {data ? (
        <p className="text-xs text-muted-foreground" data-testid="retention-note">
          {retentionNote(data.retentionMonths)}
        </p>
      ) : null}
      <ExtractionDetailDialog
        id={detail?.id ?? null}
        username={detail?.username ?? ''}
        onClose={() => setDetail(null)}
      />
      <AddToListDialog
        open={addingToList}
        onOpenChange={setAddingToList}
        records={{ ids: [...selected] }}
        what={`${selected.size} selected record${selected.size === 1 ? '' : 's'}`}
      />
      {/* Deleted records are gone (the accounts can be extracted again). */}
      <ConfirmDialog
        open={deleteTarget !== null}
        onOpenChange={(open) => (open ? undefined : setDeleteTarget(null))}
        title={deleteTarget?.title ?? ''}
        description={deleteDescription(deleteTarget?.ids.length ?? 1)}
        confirmLabel="Delete"
        confirmVariant="destructive"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
