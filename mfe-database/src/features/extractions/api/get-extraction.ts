import { extractionPath, ZExtractionDetailSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';
import { extractionQueryKey } from './query-keys.ts';

/** `GET /api/database/extractions/:id`: the whole profile and the e-mail's provenance. */
export const useExtraction = (id: string | null) =>
  useQuery({
    queryKey: extractionQueryKey(id ?? ''),
    queryFn: async ({ signal }) =>
      ZExtractionDetailSchema.parse(await apiRequest(extractionPath(id ?? ''), { signal })),
    enabled: id !== null,
  });
