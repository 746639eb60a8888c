import { EXTRACTOR_ENDPOINTS, type TRun } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upsertRun } from './run-cache.ts';

/**
 * `POST /api/extractor/runs/:runId/cancel`: accounts not started yet are not processed. The accepted cancellation lands in the runs list like any other state of the run; the page's
 * `useRunChanges` says "Extraction cancelled" from there.
 */
export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (runId: string): Promise<TRun> =>
      (await callEndpoint(EXTRACTOR_ENDPOINTS.cancelRun, { params: { runId } })).run,
    onSuccess: (run) => upsertRun(queryClient, run),
    onError: (error) => toast.error('The run could not be cancelled', { description: error.message }),
  });
}
