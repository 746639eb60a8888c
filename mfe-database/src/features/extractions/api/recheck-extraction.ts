import { recheckExtractionPath, ZExtractionDetailSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DATABASE_QUERY_KEY, extractionQueryKey } from './query-keys.ts';

export const RECHECK_FAILED_MESSAGE = 'Unable to check the e-mail again';

/** `POST /api/database/extractions/:id/recheck`: a free re-check of the saved e-mail, once a day. */
export const recheckExtraction = async (id: string) =>
  ZExtractionDetailSchema.parse(await apiRequest(recheckExtractionPath(id), { method: 'POST' }));

/** Re-checks, shows the new verdict at once, then refreshes the list (its status column) and the credits. */
export function useRecheckExtraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recheckExtraction,
    onSuccess: (detail) => queryClient.setQueryData(extractionQueryKey(detail.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATABASE_QUERY_KEY }),
  });
}
