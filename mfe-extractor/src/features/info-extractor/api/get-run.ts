import {
  EXTRACTOR_PATHS,
  type TRun,
  type TRunDetail,
  ZRunDetailSchema,
  ZRunSchema,
} from '@prospector/contracts';
import { ApiError, apiRequest } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const runQueryKey = (runId: string) => ['extractor', 'run', runId] as const;

export const runPath = (runId: string) => EXTRACTOR_PATHS.run.replace(':runId', encodeURIComponent(runId));

/** Starting and cancelling answer `{ run }`. */
export const readRunAnswer = (answer: unknown): TRun =>
  ZRunSchema.parse((answer as { run?: unknown } | undefined)?.run);

/** `GET /api/extractor/runs/:runId`: one run with its items and their profiles. */
export const getRun = async (runId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TRunDetail> =>
  ZRunDetailSchema.parse(await apiRequest(runPath(runId), { signal }));

/** A run that is not there (a stale `?run=` link, another user's id) will not appear on a retry. */
const retryUnlessRefused = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3;

export const runQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: runQueryKey(runId),
    queryFn: ({ signal }) => getRun(runId, { signal }),
    retry: retryUnlessRefused,
  });

export const useRun = (runId: string | undefined) =>
  useQuery({ ...runQueryOptions(runId ?? ''), enabled: runId !== undefined });
