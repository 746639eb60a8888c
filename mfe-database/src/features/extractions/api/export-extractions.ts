import { DATABASE_PATHS } from '@prospector/contracts';
import { downloadExtractionsExport } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

/**
 * The export URL: the selection's ids when there is one, else the current filters (docs/product.md
 * §5); "Include e-mail status" adds the `email_status` column after the spec's columns.
 */
export const exportUrl = (
  filtersQuery: string,
  selectedIds: readonly string[],
  includeEmailStatus = false,
): string => {
  const params = new URLSearchParams(selectedIds.length > 0 ? '' : filtersQuery);
  if (selectedIds.length > 0) params.set('ids', selectedIds.join(','));
  if (includeEmailStatus) params.set('includeEmailStatus', 'true');
  const query = params.toString().replaceAll('%2C', ',');
  return `${DATABASE_PATHS.exportExtractions}${query ? `?${query}` : ''}`;
};

export const useExportExtractions = () => useMutation({ mutationFn: downloadExtractionsExport });
