import type { TExtractionFilters, TExtractionRow } from '@prospector/contracts';
import { Button, EmailStatusToggle } from '@prospector/ui';
import { useExtractionsExport } from '@prospector/web-data';
import { AddToListDialog } from '@prospector/web-features';
import DownloadIcon from 'lucide-react/icons/download';
import ListPlusIcon from 'lucide-react/icons/list-plus';
import Trash2Icon from 'lucide-react/icons/trash';
import { type ReactNode, useState } from 'react';
import { exportUrl } from '../api/export-extractions.ts';
import type { TExtractionSelection } from '../hooks/use-extraction-selection.ts';

type SelectionToolbarProps = {
  /** The rows on screen. */
  rows: readonly TExtractionRow[];
  selection: TExtractionSelection;
  filters: TExtractionFilters;
  /** Whether the list has loaded (there is something to export). */
  loaded: boolean;
  deleting: boolean;
  onDeleteSelected: (ids: readonly string[]) => void;
  /** Shown last (the column picker on wide screens). */
  children?: ReactNode;
};

/**
 * What can be done with the ticked records (docs/product.md §5): select the page, clear, export (the
 * selection, or every row with an e-mail under the filters), add to a lead list, delete.
 */
export function SelectionToolbar({
  rows,
  selection,
  filters,
  loaded,
  deleting,
  onDeleteSelected,
  children,
}: SelectionToolbarProps) {
  const { selected } = selection;
  const exporting = useExtractionsExport();
  const [includeEmailStatus, setIncludeEmailStatus] = useState(false);
  const [addingToList, setAddingToList] = useState(false);

  const exportSelection = () => exporting.mutate(exportUrl(filters, [...selected], includeEmailStatus));

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!rows.some((row) => row.email !== null)}
          onClick={() => selection.togglePage(rows, true)}
        >
          Select All Page
        </Button>
        <Button variant="outline" size="sm" disabled={selected.size === 0} onClick={selection.clear}>
          Clear Selection
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected.size > 0 ? `${selected.size} selected` : ''}
        </p>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <EmailStatusToggle
            id="export-email-status"
            checked={includeEmailStatus}
            onCheckedChange={setIncludeEmailStatus}
          />
          <Button
            variant="outline"
            size="sm"
            onClick={exportSelection}
            disabled={exporting.isPending || !loaded}
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
            disabled={selected.size === 0 || deleting}
            onClick={() => onDeleteSelected([...selected])}
          >
            <Trash2Icon aria-hidden />
            Delete Selected
          </Button>
          {children}
        </div>
      </div>
      <AddToListDialog
        open={addingToList}
        onOpenChange={setAddingToList}
        records={{ ids: [...selected] }}
        what={`${selected.size} selected record${selected.size === 1 ? '' : 's'}`}
      />
    </>
  );
}
