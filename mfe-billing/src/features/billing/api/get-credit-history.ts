import { BILLING_ENDPOINTS, CREDIT_HISTORY_PAGE_SIZE } from '@prospector/contracts';
import { CREDITS_QUERY_KEY, callEndpoint } from '@prospector/web-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/**
 * `GET /api/billing/credits/history?page&pageSize`: ledger rows, newest first. Under the balance's key,
 * so anything that refreshes the balance refreshes the history too.
 */
export const creditHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...CREDITS_QUERY_KEY, 'history', { page }] as const,
    queryFn: ({ signal }) =>
      callEndpoint(
        BILLING_ENDPOINTS.creditHistory,
        { query: { page, pageSize: CREDIT_HISTORY_PAGE_SIZE } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useCreditHistory = (page: number) => useQuery(creditHistoryQueryOptions(page));
