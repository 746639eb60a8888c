import { BILLING_ENDPOINTS, CREDIT_HISTORY_PAGE_SIZE } from '@prospector/contracts';
import { CREDITS_QUERY_KEY, callEndpoint } from '@prospector/web-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** Under the balance's key, so anything that refreshes the balance refreshes the history too. */
export const creditHistoryQueryKey = (page: number) => [...CREDITS_QUERY_KEY, 'history', { page }] as const;

/** `GET /api/billing/credits/history?page&pageSize`: ledger rows, newest first. */
export const useCreditHistory = (page: number) =>
  useQuery({
    queryKey: creditHistoryQueryKey(page),
    queryFn: ({ signal }) =>
      callEndpoint(
        BILLING_ENDPOINTS.creditHistory,
        { query: { page, pageSize: CREDIT_HISTORY_PAGE_SIZE } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** Under the balance's key: a payment moves the balance, and its invoice appears with it. */
export const INVOICES_QUERY_KEY = [...CREDITS_QUERY_KEY, 'invoices'] as const;

/** `GET /api/billing/invoices`: the user's invoices, newest first. */
export const useInvoices = () =>
  useQuery({
    queryKey: INVOICES_QUERY_KEY,
    queryFn: async ({ signal }) => (await callEndpoint(BILLING_ENDPOINTS.invoices, {}, { signal })).invoices,
  });
