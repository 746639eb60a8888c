import { BILLING_PATHS, type TInvoice, ZInvoiceListSchema } from '@prospector/contracts';
import { apiRequest, CREDITS_QUERY_KEY } from '@prospector/web-data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Under the balance's key: a payment moves the balance, and its invoice appears with it. */
export const INVOICES_QUERY_KEY = [...CREDITS_QUERY_KEY, 'invoices'] as const;

/** `GET /api/billing/invoices`: the user's invoices, newest first. */
export const getInvoices = async (signal?: AbortSignal): Promise<TInvoice[]> =>
  ZInvoiceListSchema.parse(await apiRequest(BILLING_PATHS.invoices, { signal })).invoices;

export const getInvoicesQueryOptions = () =>
  queryOptions({ queryKey: INVOICES_QUERY_KEY, queryFn: ({ signal }) => getInvoices(signal) });

export const useInvoices = () => useQuery(getInvoicesQueryOptions());
