import { EXTRACTOR_PATHS, ZRunListSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';

export const RUNS_QUERY_KEY = ['extractor', 'runs'] as const;

/** `GET /api/extractor/runs`: the signed-in user's runs, newest first. */
export const useRuns = () =>
  useQuery({
    queryKey: RUNS_QUERY_KEY,
    queryFn: async ({ signal }) => ZRunListSchema.parse(await apiRequest(EXTRACTOR_PATHS.runs, { signal })),
  });
