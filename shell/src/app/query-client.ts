import { QueryClient } from '@tanstack/react-query';

const RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 30_000;
const UNUSED_ENTRY_LIFETIME_MS = 5 * 60_000;

/**
 * docs/product.md §9, "generic data cache": 3 retries, backoff from 1 s doubling up to 30 s, entries kept 5 min.
 * TanStack Query passes 0 before the first retry.
 */
export function retryDelay(failureCount: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: RETRIES, retryDelay, gcTime: UNUSED_ENTRY_LIFETIME_MS },
    },
  });
}
