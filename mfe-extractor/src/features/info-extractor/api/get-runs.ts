import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';

export const RUNS_QUERY_KEY = ['extractor', 'runs'] as const;

/** `GET /api/extractor/runs`: the signed-in user's runs, newest first. */
export const useRuns = () =>
  useQuery({
    queryKey: RUNS_QUERY_KEY,
    queryFn: ({ signal }) => callEndpoint(EXTRACTOR_ENDPOINTS.runs, {}, { signal }),
  });
