import {
  EXTRACTOR_PATHS,
  type TRun,
  type TRunDetail,
  ZRunDetailSchema,
  ZRunSchema,
} from '@prospector/contracts';
import { ApiError, apiRequest } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Every run's detail sits under this prefix, so a reconnect refreshes them all at once. */
export const RUN_DETAILS_QUERY_KEY = ['extractor', 'run'] as const;
export const runQueryKey = (runId: string) => [...RUN_DETAILS_QUERY_KEY, runId] as const;

/** Starting and cancelling answer `{ run }`. */
export const readRunAnswer = (answer: unknown): TRun =>
  ZRunSchema.parse((answer as { run?: unknown } | undefined)?.run);

/** `GET /api/extractor/runs/:runId`: one run with its items and their profiles. */
export const getRun = async (runId: string, signal?: AbortSignal): Promise<TRunDetail> =>
  ZRunDetailSchema.parse(
    await apiRequest(EXTRACTOR_PATHS.run.replace(':runId', encodeURIComponent(runId)), { signal }),
  );

export const getRunQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: runQueryKey(runId),
    queryFn: ({ signal }) => getRun(runId, signal),
    // A run that is not there (a stale `?run=` link, another user's id) will not appear on a retry.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
  });

export const useRun = (runId: string | undefined) =>
  useQuery({ ...getRunQueryOptions(runId ?? ''), enabled: runId !== undefined });
