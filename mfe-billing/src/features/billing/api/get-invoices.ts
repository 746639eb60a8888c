import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { CREDITS_QUERY_KEY, callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * `GET /api/billing/invoices`: the user's invoices, newest first. Under the balance's key: a payment
 * moves the balance, and its invoice appears with it.
 */
export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...CREDITS_QUERY_KEY, 'invoices'] as const,
    queryFn: async ({ signal }) => (await callEndpoint(BILLING_ENDPOINTS.invoices, {}, { signal })).invoices,
  });

export const useInvoices = () => useQuery(invoicesQueryOptions());
