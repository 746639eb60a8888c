import type { TExtractionPage, TExtractionRow } from '@prospector/contracts';
import { LoadFailed, Pagination } from '@prospector/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TExtractionDeletion } from '../hooks/use-extraction-deletion.ts';
import type { TExtractionSelection } from '../hooks/use-extraction-selection.ts';
import { retentionNote } from '../record-age.ts';
import type { TExtractionColumn } from '../table-columns.ts';
import { ExtractionCards } from './extraction-cards.tsx';
import { ExtractionsTable } from './extractions-table.tsx';

export const LOAD_FAILED_MESSAGE = 'Unable to load extractions';

type ExtractionsResultsProps = {
  extractions: UseQueryResult<TExtractionPage>;
  /** The page asked for (the one shown until the list answers). */
  page: number;
  onPage: (page: number) => void;
  /** Cards on a phone, otherwise the table with these columns. */
  phone: boolean;
  columns: readonly TExtractionColumn[];
  selection: TExtractionSelection;
  deletion: TExtractionDeletion;
  onOpen: (row: TExtractionRow) => void;
  onRecheck: (row: TExtractionRow) => void;
  recheckingId: string | null;
};

/** The page of records (cards or table), its pagination and the retention note; a failed load says so. */
export function ExtractionsResults({
  extractions,
  page,
  onPage,
  phone,
  columns,
  selection,
  deletion,
  onOpen,
  onRecheck,
  recheckingId,
}: ExtractionsResultsProps) {
  const { data } = extractions;
  const rows = data?.items ?? [];
  const retry = () => void extractions.refetch();
  const rowProps = {
    rows,
    loading: extractions.isPending,
    selected: selection.selected,
    onToggleRow: selection.toggleRow,
    onOpen,
    onDelete: deletion.askRow,
    onRecheck,
    recheckingId,
  };
  return (
    <>
      {extractions.isError && !data ? (
        <LoadFailed onRetry={retry} className="rounded-xl border p-4">
          {LOAD_FAILED_MESSAGE}
        </LoadFailed>
      ) : phone ? (
        <ExtractionCards {...rowProps} />
      ) : (
        <ExtractionsTable
          {...rowProps}
          columns={columns}
          onTogglePage={(checked) => selection.togglePage(rows, checked)}
        />
      )}
      {extractions.isError && data ? <LoadFailed onRetry={retry}>{LOAD_FAILED_MESSAGE}</LoadFailed> : null}
      <Pagination
        page={data?.page ?? page}
        totalPages={data?.totalPages ?? 1}
        busy={extractions.isFetching}
        onPage={onPage}
      />
      {data ? (
        <p className="text-xs text-muted-foreground" data-testid="retention-note">
          {retentionNote(data.retentionMonths)}
        </p>
      ) : null}
    </>
  );
}
