import {
  DATABASE_PATHS,
  extractionPath,
  type TDeleteExtractionsResponse,
  ZDeleteExtractionsResponseSchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DATABASE_QUERY_KEY } from './query-keys.ts';

/** docs/product.md §8 "Data management". */
export const DELETE_FAILED_MESSAGE = 'Unable to delete extraction(s)';

/** `DELETE /api/database/extractions/:id` for one, `POST …/delete {ids}` for several. */
export const deleteExtractions = async (ids: readonly string[]): Promise<TDeleteExtractionsResponse> =>
  ZDeleteExtractionsResponseSchema.parse(
    ids.length === 1
      ? await apiRequest(extractionPath(ids[0] as string), { method: 'DELETE' })
      : await apiRequest(DATABASE_PATHS.deleteExtractions, { method: 'POST', body: { ids } }),
  );

/** Deletes, then refreshes the list, the categories and the stat cards. */
export function useDeleteExtractions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExtractions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATABASE_QUERY_KEY }),
  });
}
