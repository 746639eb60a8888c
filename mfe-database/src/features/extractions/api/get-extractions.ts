import { DATABASE_PATHS, type TExtractionPage, ZExtractionPageSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { extractionsQueryKey } from './query-keys.ts';

/** `GET /api/database/extractions?<filters>&page`: one page of 25, newest first. */
export const getExtractions = async (
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TExtractionPage> =>
  ZExtractionPageSchema.parse(
    await apiRequest(`${DATABASE_PATHS.extractions}${query ? `?${query}` : ''}`, { signal }),
  );

export const getExtractionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: extractionsQueryKey(query),
    queryFn: ({ signal }) => getExtractions(query, { signal }),
    // The previous page stays on screen while the next one loads, instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });

export const useExtractions = (query: string) => useQuery(getExtractionsQueryOptions(query));
