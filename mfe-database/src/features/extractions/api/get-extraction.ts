import { DATABASE_ENDPOINTS, type TExtractionDetail } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { extractionQueryKey } from './query-keys.ts';

/** `GET /api/database/extractions/:id`: the whole profile and the e-mail's provenance. */
export const getExtraction = (id: string, signal?: AbortSignal): Promise<TExtractionDetail> =>
  callEndpoint(DATABASE_ENDPOINTS.get, { params: { id } }, { signal });

export const getExtractionQueryOptions = (id: string) =>
  queryOptions({ queryKey: extractionQueryKey(id), queryFn: ({ signal }) => getExtraction(id, signal) });

export const useExtraction = (id: string | null) =>
  useQuery({ ...getExtractionQueryOptions(id ?? ''), enabled: id !== null });
