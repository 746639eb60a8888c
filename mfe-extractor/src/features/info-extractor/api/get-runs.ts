import { EXTRACTOR_PATHS, type TRunList, ZRunListSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const RUNS_QUERY_KEY = ['extractor', 'runs'] as const;

/** `GET /api/extractor/runs`: the signed-in user's runs, newest first. */
export const getRuns = async (signal?: AbortSignal): Promise<TRunList> =>
  ZRunListSchema.parse(await apiRequest(EXTRACTOR_PATHS.runs, { signal }));

export const getRunsQueryOptions = () =>
  queryOptions({ queryKey: RUNS_QUERY_KEY, queryFn: ({ signal }) => getRuns(signal) });

export const useRuns = () => useQuery(getRunsQueryOptions());
