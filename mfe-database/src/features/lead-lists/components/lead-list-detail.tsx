import { APP_PATHS, LEAD_LIST_NAME_MAX_LENGTH, LEAD_LIST_NOT_FOUND } from '@prospector/contracts';
import { Link, useNavigate } from '@prospector/router';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  Input,
  Label,
  LoadFailed,
  PageHeader,
  Pagination,
  PHONE_SCREEN_QUERY,
  Skeleton,
  toast,
  useMediaQuery,
  useSelection,
} from '@prospector/ui';
import { ApiError, errorMessage, useExtractionsExport } from '@prospector/web-data';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import DownloadIcon from 'lucide-react/icons/download';
import ListXIcon from 'lucide-react/icons/list-x';
import PencilIcon from 'lucide-react/icons/pencil';
import Trash2Icon from 'lucide-react/icons/trash';
import { useEffect, useState } from 'react';
import { useDeleteLeadList } from '../api/delete-lead-list.ts';
import { leadListExportUrl } from '../api/export-lead-list.ts';
import { useLeadList } from '../api/get-lead-list.ts';
import { useLeadListMembers } from '../api/get-lead-list-members.ts';
import { useRemoveLeadListMembers } from '../api/remove-lead-list-members.ts';
import { useRenameLeadList } from '../api/rename-lead-list.ts';
import { listCounts, useListNameForm } from './lead-lists-index.tsx';

export const MEMBERS_LOAD_FAILED = 'Unable to load this list';
export const EMPTY_LIST =
  'This list is empty. Add records from the Database page or from a run’s results (“Add to list…”).';

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

/** One lead list: its members (25 a page), export (the Database export's CSV), remove, rename, delete. */
export function LeadListDetail({ listId }: { listId: string }) {
  const navigate = useNavigate();
  const list = useLeadList(listId);
  const [page, setPage] = useState(1);
  const members = useLeadListMembers(listId, page);
  const removing = useRemoveLeadListMembers(listId);
  const deleting = useDeleteLeadList();
  const exporting = useExtractionsExport();
  const phone = useMediaQuery(PHONE_SCREEN_QUERY);
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
            <>
              <Button
                variant="outline"
                disabled={exporting.isPending || withEmail === 0}
                title={withEmail === 0 ? 'Only records with an e-mail are exported' : undefined}
                onClick={() => exporting.mutate(leadListExportUrl(listId))}
              >
                <DownloadIcon aria-hidden />
                Export CSV
              </Button>
              <Button variant="outline" onClick={() => setRenaming(true)}>
                <PencilIcon aria-hidden />
                Rename
              </Button>
              <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
                <Trash2Icon aria-hidden />
                Delete list
              </Button>
            </>
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
      {members.isPending ? (
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
            <li
              key={row.id}
              className={
                phone
                  ? 'flex flex-col gap-1 rounded-xl border p-3'
                  : 'grid grid-cols-[auto_minmax(8rem,1fr)_minmax(8rem,1fr)_minmax(10rem,1.5fr)_6rem_minmax(6rem,1fr)_auto] items-center gap-3 px-3 py-2 text-sm'
              }
            >
              <div className="flex items-center gap-2">
                <Checkbox
                  aria-label={`Select @${row.username}`}
                  checked={selected.has(row.id)}
                  onCheckedChange={(value) => change([row.id], value === true)}
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
                disabled={removing.isPending}
                onClick={() => remove([row.id])}
              >
                <ListXIcon aria-hidden />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
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
