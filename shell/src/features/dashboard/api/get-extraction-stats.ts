import { type TExtractionStats, ZExtractionStatsSchema } from '@prospector/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const EXTRACTION_STATS_QUERY_KEY = ['database', 'stats'] as const;

/** The signed-in user's extraction figures for the four stat cards. */
export const getExtractionStats = async ({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<TExtractionStats> =>
  ZExtractionStatsSchema.parse(await apiRequest<unknown>('/api/database/stats', { signal }));

export const extractionStatsQueryOptions = () =>
  queryOptions({ queryKey: EXTRACTION_STATS_QUERY_KEY, queryFn: getExtractionStats, staleTime: 30_000 });

export const useExtractionStats = () => useQuery(extractionStatsQueryOptions());
