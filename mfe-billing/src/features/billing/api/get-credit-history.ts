import { BILLING_ENDPOINTS, CREDIT_HISTORY_PAGE_SIZE, type TCreditHistoryPage } from '@prospector/contracts';
import { CREDITS_QUERY_KEY, callEndpoint } from '@prospector/web-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** Under the balance's key, so anything that refreshes the balance refreshes the history too. */
export const creditHistoryQueryKey = (page: number) => [...CREDITS_QUERY_KEY, 'history', { page }] as const;

/** `GET /api/billing/credits/history?page&pageSize`: ledger rows, newest first. */
export const getCreditHistory = (page: number, signal?: AbortSignal): Promise<TCreditHistoryPage> =>
  callEndpoint(
    BILLING_ENDPOINTS.creditHistory,
    { query: { page, pageSize: CREDIT_HISTORY_PAGE_SIZE } },
    { signal },
  );

export const getCreditHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: creditHistoryQueryKey(page),
    queryFn: ({ signal }) => getCreditHistory(page, signal),
    placeholderData: keepPreviousData,
  });

export const useCreditHistory = (page: number) => useQuery(getCreditHistoryQueryOptions(page));
