import { DATABASE_ENDPOINTS, type TExtractionFilters } from '@prospector/contracts';
import { filtersToSearchParams } from '../extraction-filters.ts';

/**
 * The export URL: the selection's ids when there is one, else the current filters (docs/product.md
 * §5); "Include e-mail status" adds the `email_status` column after the spec's columns.
 */
export const exportUrl = (
  filters: TExtractionFilters,
  selectedIds: readonly string[],
  includeEmailStatus = false,
): string => {
  const params = selectedIds.length > 0 ? new URLSearchParams() : filtersToSearchParams(filters);
  if (selectedIds.length > 0) params.set('ids', selectedIds.join(','));
  if (includeEmailStatus) params.set('includeEmailStatus', 'true');
  const query = params.toString().replaceAll('%2C', ',');
  return `${DATABASE_ENDPOINTS.exportCsv.path}${query ? `?${query}` : ''}`;
};
