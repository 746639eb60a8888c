import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Every run's detail sits under this prefix, so a reconnect refreshes them all at once. */
export const RUN_DETAILS_QUERY_KEY = ['extractor', 'run'] as const;

/** `GET /api/extractor/runs/:runId`: one run with its items and their profiles. */
export const runQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: [...RUN_DETAILS_QUERY_KEY, runId] as const,
    queryFn: ({ signal }) => callEndpoint(EXTRACTOR_ENDPOINTS.run, { params: { runId } }, { signal }),
  });

/** The run whose results are shown; nothing is asked while none is. */
export const useRun = (runId: string | undefined) =>
  useQuery({ ...runQueryOptions(runId ?? ''), enabled: runId !== undefined });
