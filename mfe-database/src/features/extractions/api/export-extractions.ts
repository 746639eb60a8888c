import { DATABASE_PATHS, NO_DATA_TO_EXPORT } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';

export { NO_DATA_TO_EXPORT };
export const EXPORT_FAILED_MESSAGE = 'Unable to export extractions';

/** The export URL: the selection's ids when there is one, else the current filters (docs/product.md §5). */
export const exportUrl = (filtersQuery: string, selectedIds: readonly string[]): string => {
  const params = selectedIds.length > 0 ? `ids=${selectedIds.join(',')}` : filtersQuery;
  return `${DATABASE_PATHS.exportExtractions}${params ? `?${params}` : ''}`;
};

const fileNameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'instagram-extractions.csv';

/**
 * `GET /api/database/extractions/export`: fetched (so "No data to export" can be told apart from a
 * failure) and handed to the browser as a download.
 */
export async function downloadExport(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { code?: string; message?: string } }
      | undefined;
    throw new ApiError(
      response.status,
      body?.error?.code ?? `HTTP_${response.status}`,
      body?.error?.message ?? EXPORT_FAILED_MESSAGE,
    );
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

export const useExportExtractions = () => useMutation({ mutationFn: downloadExport });
