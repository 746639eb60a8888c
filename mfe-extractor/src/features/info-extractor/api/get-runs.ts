import { EXTRACTOR_ENDPOINTS, type TRunList } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const RUNS_QUERY_KEY = ['extractor', 'runs'] as const;

/** `GET /api/extractor/runs`: the signed-in user's runs, newest first. */
export const getRuns = (signal?: AbortSignal): Promise<TRunList> =>
  callEndpoint(EXTRACTOR_ENDPOINTS.runs, {}, { signal });

export const getRunsQueryOptions = () =>
  queryOptions({ queryKey: RUNS_QUERY_KEY, queryFn: ({ signal }) => getRuns(signal) });

export const useRuns = () => useQuery(getRunsQueryOptions());
