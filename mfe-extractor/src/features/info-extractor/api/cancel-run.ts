import { EXTRACTOR_PATHS, type TRun } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import { apiRequest } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXTRACTION_CANCELLED } from '../lib/run-messages.ts';
import { readRunAnswer } from './get-run.ts';
import { upsertRun } from './run-cache.ts';

/** `POST /api/extractor/runs/:runId/cancel`: accounts not started yet are not processed. */
export const cancelRun = async (runId: string): Promise<TRun> =>
  readRunAnswer(
    await apiRequest(EXTRACTOR_PATHS.cancelRun.replace(':runId', encodeURIComponent(runId)), {
      method: 'POST',
      body: {},
    }),
  );

/** The toast id of a run's end, so "Extraction cancelled" is said once even when the run's end follows. */
export const runOutcomeToastId = (runId: string) => `run-outcome-${runId}`;

export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRun,
    onSuccess: (run) => {
      upsertRun(queryClient, run);
      toast.info(EXTRACTION_CANCELLED, { id: runOutcomeToastId(run.id) });
    },
    onError: (error) => toast.error('The run could not be cancelled', { description: error.message }),
  });
}
