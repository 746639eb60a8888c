import type { TExtractionFilters } from '@prospector/contracts';
import { EXTRACTION_STATS_QUERY_KEY } from '@prospector/web-data';

/**
 * Every query of this feature sits under the stats' `['database']` prefix, so one invalidation after a
 * delete or a new record refreshes the list, the categories and the stat cards together.
 */
export const DATABASE_QUERY_KEY = [EXTRACTION_STATS_QUERY_KEY[0]] as const;
/** One page of the list: the typed filters and the page, never their query string. */
export const extractionsQueryKey = (query: { filters: TExtractionFilters; page: number }) =>
  [...DATABASE_QUERY_KEY, 'extractions', query] as const;
export const extractionQueryKey = (id: string) => [...DATABASE_QUERY_KEY, 'extraction', id] as const;
export const categoriesQueryKey = [...DATABASE_QUERY_KEY, 'categories'] as const;
export const optOutRemovalsQueryKey = [...DATABASE_QUERY_KEY, 'opt-out-removals'] as const;
