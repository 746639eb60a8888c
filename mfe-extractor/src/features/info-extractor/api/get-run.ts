import { EXTRACTOR_PATHS, type TRun, ZRunDetailSchema, ZRunSchema } from '@prospector/contracts';
import { ApiError, apiRequest } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';

export const runQueryKey = (runId: string) => ['extractor', 'run', runId] as const;

/** Starting and cancelling answer `{ run }`. */
export const readRunAnswer = (answer: unknown): TRun =>
  ZRunSchema.parse((answer as { run?: unknown } | undefined)?.run);

/** `GET /api/extractor/runs/:runId`: one run with its items and their profiles. */
export const useRun = (runId: string | undefined) =>
  useQuery({
    queryKey: runQueryKey(runId ?? ''),
    queryFn: async ({ signal }) =>
      ZRunDetailSchema.parse(
        await apiRequest(EXTRACTOR_PATHS.run.replace(':runId', encodeURIComponent(runId ?? '')), { signal }),
      ),
    // A run that is not there (a stale `?run=` link, another user's id) will not appear on a retry.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
    enabled: runId !== undefined,
  });
