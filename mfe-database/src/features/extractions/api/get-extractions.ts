import { DATABASE_PATHS, ZExtractionPageSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { extractionsQueryKey } from './query-keys.ts';

/** `GET /api/database/extractions?<filters>&page`: one page of 25, newest first. */
export const useExtractions = (query: string) =>
  useQuery({
    queryKey: extractionsQueryKey(query),
    queryFn: async ({ signal }) =>
      ZExtractionPageSchema.parse(
        await apiRequest(`${DATABASE_PATHS.extractions}${query ? `?${query}` : ''}`, { signal }),
      ),
    // The previous page stays on screen while the next one loads, instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });
