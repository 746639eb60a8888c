import { EXPORT_ALREADY_RUNNING, EXPORTS_BUSY, NO_DATA_TO_EXPORT } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { useMutation } from '@tanstack/react-query';
import { downloadBlob } from './download.ts';
import { ApiError, toApiError } from './http.ts';

export const EXPORT_FAILED_MESSAGE = 'Unable to export extractions';

/**
 * What a page says when an extractions export fails: "No data to export" (404), the service's own text
 * when it refused a second export of the user or had no free slot (429), the generic failure otherwise.
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
 * `GET /api/database/extractions/export` (the Database page, and the trial-expired screen, which keeps
 * the user's saved extractions theirs): fetched, so "No data to export" can be told apart from a
 * failure, and handed to the browser as a download.
 */
export async function downloadExtractionsExport(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw await toApiError(response, EXPORT_FAILED_MESSAGE);
  downloadBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')));
}

/** The export as a mutation: `mutate(url)` downloads it, and a failure is said in a toast. */
export const useExtractionsExport = () =>
  useMutation({
    mutationFn: downloadExtractionsExport,
    onError: (error) => toast.error(exportErrorMessage(error)),
  });
