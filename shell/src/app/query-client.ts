import { QueryClient } from '@tanstack/react-query';

/**
 * docs/product.md §9, "generic data cache": 3 retries, backoff from 1 s doubling up to 30 s, entries kept 5 min.
 * TanStack Query passes 0 before the first retry.
 */
export function retryDelay(failureCount: number): number {
  return Math.min(1_000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 3, retryDelay, gcTime: 5 * 60_000 },
    },
  });
}
