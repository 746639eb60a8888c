import { DATABASE_ENDPOINTS, type TExtractionFilters } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filtersToSearchParams } from '../extraction-filters.ts';
import { extractionsQueryKey } from './query-keys.ts';

/** Which page of the list, under which filters. */
export type TExtractionsQuery = { filters: TExtractionFilters; page: number };

/** `GET /api/database/extractions?<filters>&page`: one page of 25, newest first. */
export const extractionsQueryOptions = (query: TExtractionsQuery) =>
  queryOptions({
    queryKey: extractionsQueryKey(query),
    queryFn: ({ signal }) =>
      callEndpoint(
        DATABASE_ENDPOINTS.list,
        { query: filtersToSearchParams(query.filters, query.page) },
        { signal },
      ),
    // The previous page stays on screen while the next one loads, instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });

export const useExtractions = (query: TExtractionsQuery) => useQuery(extractionsQueryOptions(query));
