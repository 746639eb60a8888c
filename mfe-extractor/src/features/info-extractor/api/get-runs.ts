import { EXTRACTOR_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET /api/extractor/runs`: the signed-in user's runs, newest first. */
export const runsQueryOptions = () =>
  queryOptions({
    queryKey: ['extractor', 'runs'] as const,
    queryFn: ({ signal }) => callEndpoint(EXTRACTOR_ENDPOINTS.runs, {}, { signal }),
  });

export const useRuns = () => useQuery(runsQueryOptions());
