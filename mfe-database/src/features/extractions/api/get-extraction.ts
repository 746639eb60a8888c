import { extractionPath, type TExtractionDetail, ZExtractionDetailSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { extractionQueryKey } from './query-keys.ts';

/** `GET /api/database/extractions/:id`: the whole profile and the e-mail's provenance. */
export const getExtraction = async (id: string, signal?: AbortSignal): Promise<TExtractionDetail> =>
  ZExtractionDetailSchema.parse(await apiRequest(extractionPath(id), { signal }));

export const getExtractionQueryOptions = (id: string) =>
  queryOptions({ queryKey: extractionQueryKey(id), queryFn: ({ signal }) => getExtraction(id, signal) });

export const useExtraction = (id: string | null) =>
  useQuery({ ...getExtractionQueryOptions(id ?? ''), enabled: id !== null });
