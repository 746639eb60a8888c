import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';
import { extractionQueryKey } from './query-keys.ts';

/** `GET /api/database/extractions/:id`: the whole profile and the e-mail's provenance. */
export const useExtraction = (id: string | null) =>
  useQuery({
    queryKey: extractionQueryKey(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(DATABASE_ENDPOINTS.get, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
  });
