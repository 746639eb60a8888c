import { BILLING_ENDPOINTS, type TInvoice } from '@prospector/contracts';
import { CREDITS_QUERY_KEY, callEndpoint } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Under the balance's key: a payment moves the balance, and its invoice appears with it. */
export const INVOICES_QUERY_KEY = [...CREDITS_QUERY_KEY, 'invoices'] as const;

/** `GET /api/billing/invoices`: the user's invoices, newest first. */
export const getInvoices = async (signal?: AbortSignal): Promise<TInvoice[]> =>
  (await callEndpoint(BILLING_ENDPOINTS.invoices, {}, { signal })).invoices;

export const getInvoicesQueryOptions = () =>
  queryOptions({ queryKey: INVOICES_QUERY_KEY, queryFn: ({ signal }) => getInvoices(signal) });

export const useInvoices = () => useQuery(getInvoicesQueryOptions());
