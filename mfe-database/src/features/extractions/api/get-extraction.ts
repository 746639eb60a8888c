import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { extractionQueryKey } from './query-keys.ts';

/** `GET /api/database/extractions/:id`: the whole profile and the e-mail's provenance. */
export const extractionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: extractionQueryKey(id),
    queryFn: ({ signal }) => callEndpoint(DATABASE_ENDPOINTS.get, { params: { id } }, { signal }),
  });

/** The record shown in the detail panel; nothing is asked while no record is open. */
export const useExtraction = (id: string | null) =>
  useQuery({ ...extractionQueryOptions(id ?? ''), enabled: id !== null });
