import { DATABASE_ENDPOINTS, type TDeleteExtractionsResponse } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DATABASE_QUERY_KEY } from './query-keys.ts';

/** docs/product.md §8 "Data management". */
export const DELETE_FAILED_MESSAGE = 'Unable to delete extraction(s)';

/** `DELETE /api/database/extractions/:id` for one, `POST …/delete {ids}` for several. */
export const deleteExtractions = (ids: readonly string[]): Promise<TDeleteExtractionsResponse> =>
  ids.length === 1
    ? callEndpoint(DATABASE_ENDPOINTS.deleteOne, { params: { id: ids[0] as string } })
    : callEndpoint(DATABASE_ENDPOINTS.deleteMany, { body: { ids: [...ids] } });

/** Deletes, then refreshes the list, the categories and the stat cards. */
export function useDeleteExtractions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExtractions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATABASE_QUERY_KEY }),
  });
}
