import { isClientError } from '@prospector/web-data';
import { QueryClient } from '@tanstack/react-query';

/**
 * docs/product.md §9, "generic data cache": 3 retries, backoff from 1 s doubling up to 30 s, entries kept 5 min.
 * TanStack Query passes 0 before the first retry.
 */
export function retryDelay(failureCount: number): number {
  return Math.min(1_000 * 2 ** failureCount, 30_000);
}

const MAX_RETRIES = 3;

/**
 * A failure is retried up to 3 times, but not a 4xx: a list that is gone or someone else's answers 404
 * again, and retrying it only kept skeletons on screen for seconds before "List not found".
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: 5 * 60_000 },
    },
  });
}
