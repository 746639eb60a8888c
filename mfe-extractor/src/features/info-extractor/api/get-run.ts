import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';

/** Every run's detail sits under this prefix, so a reconnect refreshes them all at once. */
export const RUN_DETAILS_QUERY_KEY = ['extractor', 'run'] as const;
export const runQueryKey = (runId: string) => [...RUN_DETAILS_QUERY_KEY, runId] as const;

/** `GET /api/extractor/runs/:runId`: one run with its items and their profiles. */
export const useRun = (runId: string | undefined) =>
  useQuery({
    queryKey: runQueryKey(runId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(EXTRACTOR_ENDPOINTS.run, { params: { runId: runId ?? '' } }, { signal }),
    enabled: runId !== undefined,
  });
