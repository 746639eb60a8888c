import {
  DATABASE_PATHS,
  EXPORT_ALREADY_RUNNING,
  EXPORTS_BUSY,
  NO_DATA_TO_EXPORT,
} from '@prospector/contracts';
import { ApiError, downloadBlob, toApiError } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';

export const EXPORT_FAILED_MESSAGE = 'Unable to export extractions';

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

/**
 * What the page says when an export fails: "No data to export" (404), the service's own text when it
 * refused a second export of the user or had no free slot (429), the generic failure otherwise.
 */
export function exportErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return EXPORT_FAILED_MESSAGE;
  if (error.status === 404) return NO_DATA_TO_EXPORT;
  if (error.status === 429) return error.message === EXPORTS_BUSY ? EXPORTS_BUSY : EXPORT_ALREADY_RUNNING;
  return EXPORT_FAILED_MESSAGE;
}

const fileNameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'instagram-extractions.csv';

/**
 * `GET /api/database/extractions/export`: fetched (so "No data to export" can be told apart from a
 * failure) and handed to the browser as a download.
 */
export async function downloadExport(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw await toApiError(response, EXPORT_FAILED_MESSAGE);
  downloadBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')));
}

export const useExportExtractions = () => useMutation({ mutationFn: downloadExport });
