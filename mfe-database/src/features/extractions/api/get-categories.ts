import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';
import { categoriesQueryKey } from './query-keys.ts';

/** `GET /api/database/categories`: the category filter's choices, from the user's own records. */
export const useCategories = () =>
  useQuery({
    queryKey: categoriesQueryKey,
    queryFn: async ({ signal }) =>
      (await callEndpoint(DATABASE_ENDPOINTS.categories, {}, { signal })).categories,
  });
