import { APP_PATHS, LEAD_LIST_NAME_MAX_LENGTH, LEAD_LIST_NOT_FOUND } from '@prospector/contracts';
import { Link, useNavigate } from '@prospector/router';
import {
  Button,
  ConfirmDialog,
  Input,
  Label,
  LoadFailed,
  PageHeader,
  Pagination,
  Skeleton,
  toast,
  useSelection,
} from '@prospector/ui';
import { ApiError, errorMessage, useExtractionsExport } from '@prospector/web-data';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import ListXIcon from 'lucide-react/icons/list-x';
import { useEffect, useState } from 'react';
import { useDeleteLeadList } from '../api/delete-lead-list.ts';
import { leadListExportUrl } from '../api/export-lead-list.ts';
import { useLeadList } from '../api/get-lead-list.ts';
import { useLeadListMembers } from '../api/get-lead-list-members.ts';
import { useRemoveLeadListMembers } from '../api/remove-lead-list-members.ts';
import { useRenameLeadList } from '../api/rename-lead-list.ts';
import { LeadListActions } from './lead-list-actions.tsx';
import { LeadListMembers, MEMBERS_LOAD_FAILED } from './lead-list-members.tsx';
import { listCounts, useListNameForm } from './lead-lists-index.tsx';

export { EMPTY_LIST, MEMBERS_LOAD_FAILED } from './lead-list-members.tsx';

/** One lead list: its members (25 a page), export (the Database export's CSV), remove, rename, delete. */
export function LeadListDetail({ listId }: { listId: string }) {
  const navigate = useNavigate();
  const list = useLeadList(listId);
  const [page, setPage] = useState(1);
  const members = useLeadListMembers(listId, page);
  const removing = useRemoveLeadListMembers(listId);
  const deleting = useDeleteLeadList();
  const exporting = useExtractionsExport();
  const { selected, change, clear } = useSelection();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [renaming, setRenaming] = useState(false);

  const data = members.data;
  const rows = data?.items ?? [];
  // The server serves the last page when asked beyond it (after removing a page's members).
  useEffect(() => {
    if (data && !members.isPlaceholderData && data.page !== page) setPage(data.page);
  }, [data, members.isPlaceholderData, page]);

  const allLists = (
    <Link to={APP_PATHS.leadLists}>
      <ArrowLeftIcon aria-hidden />
      All lists
    </Link>
  );
  if (list.isError && list.error instanceof ApiError && list.error.status === 404) {
    return (
      <div className="flex flex-col items-start gap-4 p-4 md:p-6">
        <PageHeader title={LEAD_LIST_NOT_FOUND} description="It may have been deleted." />
        <Button variant="outline" asChild>
          {allLists}
        </Button>
      </div>
    );
  }

  const remove = (ids: string[]) =>
    removing.mutate(ids, {
      onSuccess: ({ removed }) => {
        change(ids, false);
        toast.success(`Removed ${removed} from the list`);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  const totalPages = data?.totalPages ?? 1;
  const shownPage = data?.page ?? page;
  const withEmail = list.data?.withEmailCount ?? 0;
  return (
    <div className="flex min-w-0 flex-col gap-6 p-4 md:p-6">
      <Button variant="ghost" size="sm" asChild className="self-start">
        {allLists}
      </Button>
      {list.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-40" />
        </div>
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()}>{MEMBERS_LOAD_FAILED}</LoadFailed>
      ) : renaming ? (
        <RenameForm listId={listId} name={list.data.name} onDone={() => setRenaming(false)} />
      ) : (
        <PageHeader
          title={list.data.name}
          description={listCounts(list.data)}
          actions={
            <LeadListActions
              withEmail={withEmail}
              exportBusy={exporting.isPending}
              onExport={() => exporting.mutate(leadListExportUrl(listId))}
              onRename={() => setRenaming(true)}
              onDelete={() => setConfirmDelete(true)}
            />
          }
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length === 0}
          onClick={() =>
            change(
              rows.map((row) => row.id),
              true,
            )
          }
        >
          Select All Page
        </Button>
        <Button variant="outline" size="sm" disabled={selected.size === 0} onClick={clear}>
          Clear Selection
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected.size > 0 ? `${selected.size} selected` : ''}
        </p>
        <Button
          className="ml-auto"
          variant="outline"
          size="sm"
          disabled={selected.size === 0 || removing.isPending}
          onClick={() => remove([...selected])}
        >
          <ListXIcon aria-hidden />
          Remove from list
        </Button>
      </div>
      <LeadListMembers
        members={members}
        selected={selected}
        onSelect={change}
        removeBusy={removing.isPending}
        onRemove={remove}
      />
      {members.isError && data ? (
        <LoadFailed onRetry={() => void members.refetch()}>{MEMBERS_LOAD_FAILED}</LoadFailed>
      ) : null}
      <Pagination page={shownPage} totalPages={totalPages} busy={members.isFetching} onPage={setPage} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete “${list.data?.name ?? ''}”?`}
        description="The list goes; the records in it stay saved in your database."
        confirmLabel="Delete list"
        confirmVariant="destructive"
        onConfirm={() =>
          deleting.mutate(listId, {
            onSuccess: () => {
              toast.success('List deleted');
              navigate(APP_PATHS.leadLists);
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </div>
  );
}

function RenameForm({ listId, name, onDone }: { listId: string; name: string; onDone: () => void }) {
  const renaming = useRenameLeadList(listId);
  const form = useListNameForm(name, (valid, refused) =>
    renaming.mutate(valid, { onSuccess: () => onDone(), onError: refused }),
  );
  return (
    <form onSubmit={form.submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Label htmlFor="rename-list">List name</Label>
        <Input
          id="rename-list"
          autoFocus
          value={form.name}
          maxLength={LEAD_LIST_NAME_MAX_LENGTH}
          aria-invalid={form.problem !== null}
          onChange={(event) => form.setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
        />
        {form.problem && (
          <p role="alert" className="text-sm text-destructive">
            {form.problem}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={renaming.isPending}>
          Save
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
