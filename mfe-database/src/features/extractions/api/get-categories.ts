import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesQueryKey } from './query-keys.ts';

/** `GET /api/database/categories`: the category filter's choices, from the user's own records. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: async ({ signal }) =>
      (await callEndpoint(DATABASE_ENDPOINTS.categories, {}, { signal })).categories,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
