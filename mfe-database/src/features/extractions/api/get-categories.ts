import { DATABASE_PATHS, ZExtractionCategoriesSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';
import { categoriesQueryKey } from './query-keys.ts';

/** `GET /api/database/categories`: the category filter's choices, from the user's own records. */
export const useCategories = () =>
  useQuery({
    queryKey: categoriesQueryKey,
    queryFn: async ({ signal }) =>
      ZExtractionCategoriesSchema.parse(await apiRequest(DATABASE_PATHS.categories, { signal })).categories,
  });
