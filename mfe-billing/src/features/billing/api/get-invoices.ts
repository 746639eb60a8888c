import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { CREDITS_QUERY_KEY, callEndpoint } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';

/** Under the balance's key: a payment moves the balance, and its invoice appears with it. */
export const INVOICES_QUERY_KEY = [...CREDITS_QUERY_KEY, 'invoices'] as const;

/** `GET /api/billing/invoices`: the user's invoices, newest first. */
export const useInvoices = () =>
  useQuery({
    queryKey: INVOICES_QUERY_KEY,
    queryFn: async ({ signal }) => (await callEndpoint(BILLING_ENDPOINTS.invoices, {}, { signal })).invoices,
  });
