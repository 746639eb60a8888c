import { ApiError } from '@prospector/web-data';
import { describe, expect, it } from 'vitest';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

describe('query client defaults (docs/product.md §9)', () => {
  it('backs off from 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries 3 times and keeps unused entries for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(shouldRetry);
    expect(defaults?.gcTime).toBe(300_000);
    expect(defaults?.retryDelay).toBe(retryDelay);
    const serverError = new ApiError(500, 'INTERNAL', 'x');
    expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, serverError))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not retry a 4xx: the same request gets the same refusal', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, new ApiError(status, 'NOT_FOUND', 'List not found'))).toBe(false);
    }
  });

  it('knows a 4xx thrown by a remote’s own copy of web-data (a different ApiError class)', () => {
    class RemoteApiError extends Error {
      readonly status = 404;
      override name = 'ApiError';
    }
    expect(shouldRetry(0, new RemoteApiError('List not found'))).toBe(false);
  });

  it('a query that answers 404 fails at once, without retrying', async () => {
    const client = createQueryClient();
    let calls = 0;
    const started = Date.now();
    await expect(
      client.fetchQuery({
        queryKey: ['gone'],
        queryFn: () => {
          calls += 1;
          throw new ApiError(404, 'NOT_FOUND', 'List not found');
        },
      }),
    ).rejects.toThrow('List not found');
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
