import type { TExtractionRow } from '@prospector/contracts';
import { PHONE_SCREEN_QUERY, useMediaQuery } from '@prospector/ui';
import { useLeadLists } from '@prospector/web-data';
import { SignedInOnly } from '@prospector/web-features';
import { useState } from 'react';
import { useCategories } from '../api/get-categories.ts';
import { useLiveExtractions } from '../api/use-live-extractions.ts';
import { useExtractionDeletion } from '../hooks/use-extraction-deletion.ts';
import { useExtractionFilters } from '../hooks/use-extraction-filters.ts';
import { useExtractionSelection } from '../hooks/use-extraction-selection.ts';
import { useExtractionsPage } from '../hooks/use-extractions-page.ts';
import { useRecheckRow } from '../hooks/use-recheck-row.ts';
import { useVisibleColumns } from '../hooks/use-visible-columns.ts';
import { ColumnPicker } from './column-picker.tsx';
import { DatabasePageHeader } from './database-page-header.tsx';
import { DeleteExtractionsDialog } from './delete-extractions-dialog.tsx';
import { ExtractionDetailDialog } from './extraction-detail-dialog.tsx';
import { ExtractionFiltersPanel } from './extraction-filters-panel.tsx';
import { ExtractionStats } from './extraction-stats.tsx';
import { ExtractionsResults } from './extractions-results.tsx';
import { OptOutRemovalsNotice } from './opt-out-removals-notice.tsx';
import { SelectionToolbar } from './selection-toolbar.tsx';

/** The saved-extractions library (docs/product.md §2, §5): filters in the URL, a page of 25, export, delete. */
export function DatabasePage() {
  return (
    <SignedInOnly>
      <DatabaseLibrary />
    </SignedInOnly>
  );
}

/** Puts the page together: each part holds its own state (`../hooks/`) and its own controls. */
function DatabaseLibrary() {
  const { draft, filters, page, update, setPage } = useExtractionFilters();
  const extractions = useExtractionsPage({ filters, page }, setPage);
  const categories = useCategories();
  const leadLists = useLeadLists();
  const selection = useExtractionSelection(filters);
  const deletion = useExtractionDeletion(selection.remove);
  const { recheckRow, recheckingId } = useRecheckRow();
  const [detail, setDetail] = useState<TExtractionRow | null>(null);
  const phone = useMediaQuery(PHONE_SCREEN_QUERY);
  const columns = useVisibleColumns();
  useLiveExtractions();

  return (
    <div className="flex min-w-0 flex-col gap-6 p-4 md:p-6">
      <DatabasePageHeader fetching={extractions.isFetching} />
      <ExtractionStats />
      <OptOutRemovalsNotice />
      <ExtractionFiltersPanel
        filters={draft}
        onChange={update}
        categories={categories.data ?? []}
        lists={leadLists.data}
        foldable={phone}
      />
      <SelectionToolbar
        rows={extractions.data?.items ?? []}
        selection={selection}
        filters={filters}
        loaded={extractions.data !== undefined}
        deleting={deletion.isPending}
        onDeleteSelected={deletion.askSelected}
      >
        {!phone && <ColumnPicker visible={columns.visible} onToggle={columns.toggle} />}
      </SelectionToolbar>
      <ExtractionsResults
        extractions={extractions}
        page={page}
        onPage={setPage}
        phone={phone}
        columns={columns.visible}
        selection={selection}
        deletion={deletion}
        onOpen={setDetail}
        onRecheck={recheckRow}
        recheckingId={recheckingId}
      />
      <ExtractionDetailDialog
        id={detail?.id ?? null}
        username={detail?.username ?? ''}
        onClose={() => setDetail(null)}
      />
      <DeleteExtractionsDialog deletion={deletion} />
    </div>
  );
}
