import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesQueryKey } from './query-keys.ts';

/** `GET /api/database/categories`: the category filter's choices, from the user's own records. */
export const getCategories = async (signal?: AbortSignal): Promise<string[]> =>
  (await callEndpoint(DATABASE_ENDPOINTS.categories, {}, { signal })).categories;

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: categoriesQueryKey, queryFn: ({ signal }) => getCategories(signal) });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
