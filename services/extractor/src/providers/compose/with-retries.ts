import type { TClock } from '../clock.ts';
import { ProviderError, type TDataProvider, type TProviderCallOptions } from '../provider-port.ts';
import type { TTokenBucket } from './token-bucket.ts';

export interface TRetryOptions {
  /** Attempts after the first (0: no retry). */
  maxRetries: number;
  /** First backoff; each retry doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  clock: TClock;
  /** Every attempt, retries included, takes a token first. */
  limiter: TTokenBucket;
}

export const DEFAULT_BACKOFF = { baseDelayMs: 500, maxDelayMs: 30_000 } as const;

const isRetryable = (error: ProviderError) => error.kind === 'rate_limited' || error.kind === 'unavailable';

/** Anything thrown that is not already a ProviderError is a failure to reach the provider. */
const asProviderError = (error: unknown) =>
  error instanceof ProviderError
    ? error
    : new ProviderError('unavailable', 'The data provider could not be reached', undefined, { cause: error });

/**
 * The delay before retry `attempt` (0-based): what the provider's Retry-After asked for, else
 * exponential backoff. Both are capped, so one bad header cannot park a run for an hour.
 */
export function backoffDelay(
  attempt: number,
  error: ProviderError,
  options: Pick<TRetryOptions, 'baseDelayMs' | 'maxDelayMs'>,
) {
  return Math.min(options.maxDelayMs, error.retryAfterMs ?? options.baseDelayMs * 2 ** attempt);
}

/**
 * Rate-limits every call through the shared bucket and retries 429s, 5xx, timeouts and network
 * failures with backoff. What still fails is a ProviderError whose message says what happened and how
 * often it was tried; the caller shows it as "API error: {message}".
 */
export function withRetries(provider: TDataProvider, options: TRetryOptions): TDataProvider {
  async function attempt<T>(call: () => Promise<T>, callOptions: TProviderCallOptions = {}): Promise<T> {
    const { signal, userId } = callOptions;
    for (let tries = 0; ; tries += 1) {
      await options.limiter.take({ signal, key: userId });
      try {
        return await call();
      } catch (caught) {
        if (signal?.aborted) throw caught;
        const error = asProviderError(caught);
        if (!isRetryable(error)) throw error;
        if (tries >= options.maxRetries) {
          const attempts = tries + 1;
          throw new ProviderError(
            error.kind,
            attempts > 1 ? `${error.message} (after ${attempts} attempts)` : error.message,
            error.retryAfterMs,
            { cause: error },
          );
        }
        const delay = backoffDelay(tries, error, options);
        // A 429 speaks for the whole account: every caller in this process holds back, not only this one.
        if (error.kind === 'rate_limited') options.limiter.pause(delay);
        await options.clock.sleep(delay, signal);
      }
    }
  }

  return {
    name: provider.name,
    capabilities: provider.capabilities,
    fetchProfile: (username, callOptions) =>
      attempt(() => provider.fetchProfile(username, callOptions), callOptions),
    // A provider that cannot search answers at once: no token, no retry.
    searchUsers: (keyword, callOptions) =>
      provider.capabilities.search
        ? attempt(() => provider.searchUsers(keyword, callOptions), callOptions)
        : provider.searchUsers(keyword, callOptions),
    similarAccounts: (username, callOptions) =>
      provider.capabilities.similar
        ? attempt(() => provider.similarAccounts(username, callOptions), callOptions)
        : provider.similarAccounts(username, callOptions),
    listAccounts: (kind, target, callOptions) =>
      provider.capabilities[kind]
        ? attempt(() => provider.listAccounts(kind, target, callOptions), callOptions)
        : provider.listAccounts(kind, target, callOptions),
  };
}
