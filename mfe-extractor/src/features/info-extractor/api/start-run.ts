import {
  EXTRACTOR_ENDPOINTS,
  maxRunUsernamesOf,
  planLimitsOf,
  type TRun,
  type TRunSource,
  type TStartRunRequest,
} from '@prospector/contracts';
import { ApiError, callEndpoint, useCredits, useProfile } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshProfileIfTrialExpired } from '../../../lib/trial-expired.ts';
import { checkRunRequest, skippedMessages, startRunErrorMessage } from '../lib/run-messages.ts';
import { showToast } from '../lib/show-toast.ts';
import { runQueryOptions } from './get-run.ts';
import { runsQueryOptions } from './get-runs.ts';
import { upsertRun } from './run-cache.ts';

/** `POST /api/extractor/runs` (202): the run is queued; the events stream reports its progress. */
export const startRun = async (request: TStartRunRequest): Promise<TRun> =>
  (await callEndpoint(EXTRACTOR_ENDPOINTS.startRun, { body: request })).run;

/**
 * Starts a run from any tab (usernames, keyword selection): checks the input and the credits first
 * (docs/product.md §5), then shows the run at once and says which accounts were skipped as already extracted.
 * `onStarted` runs once the server accepted it. `websites` (default on) also looks for e-mails on the
 * websites profiles link to.
 */
export function useStartRun({
  onStarted,
  websites = true,
}: {
  onStarted?: (run: TRun) => void;
  websites?: boolean;
} = {}) {
  const queryClient = useQueryClient();
  const credits = useCredits();
  const profile = useProfile();
  const mutation = useMutation({
    mutationFn: startRun,
    onSuccess: (run) => {
      const runsKey = runsQueryOptions().queryKey;
      if (queryClient.getQueryData(runsKey)) upsertRun(queryClient, run);
      else void queryClient.invalidateQueries({ queryKey: runsKey });
      void queryClient.invalidateQueries({ queryKey: runQueryOptions(run.id).queryKey });
      for (const message of skippedMessages(run)) showToast(message);
      onStarted?.(run);
    },
    onError: (error, request) => {
      refreshProfileIfTrialExpired(queryClient, error);
      showToast(
        startRunErrorMessage(
          error instanceof ApiError ? error : { message: error.message },
          request.source !== 'single',
        ),
      );
    },
  });

  /** Starts a run for callers that wait on it: rejects when it was not started (a toast has said why). */
  const startAndWait = async (
    usernames: string[],
    source: TRunSource,
    sourceDetail?: string,
  ): Promise<TRun> => {
    // The plan's largest run of this source; the trial's while the profile is unknown (the server decides).
    const limits = planLimitsOf(profile.data ?? { subscriptionStatus: 'trial' });
    const refusal = checkRunRequest(
      usernames.length,
      credits.isSuccess ? credits.data.available : undefined,
      maxRunUsernamesOf(limits, source),
    );
    if (refusal) {
      showToast(refusal);
      throw new Error(refusal.title);
    }
    return mutation.mutateAsync({
      usernames,
      source,
      sourceDetail: sourceDetail?.trim() || undefined,
      websites,
    });
  };
  /** The same, for callers that do not wait. */
  const start = (usernames: string[], source: TRunSource) =>
    void startAndWait(usernames, source).catch(() => undefined);

  return { start, startAndWait, isPending: mutation.isPending };
}
