import { BILLING_PATHS, ZInvoiceListSchema } from '@prospector/contracts';
import { apiRequest, CREDITS_QUERY_KEY } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';

/** Under the balance's key: a payment moves the balance, and its invoice appears with it. */
export const INVOICES_QUERY_KEY = [...CREDITS_QUERY_KEY, 'invoices'] as const;

/** `GET /api/billing/invoices`: the user's invoices, newest first. */
export const useInvoices = () =>
  useQuery({
    queryKey: INVOICES_QUERY_KEY,
    queryFn: async ({ signal }) =>
      ZInvoiceListSchema.parse(await apiRequest(BILLING_PATHS.invoices, { signal })).invoices,
  });
