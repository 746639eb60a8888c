import type { TExtractionData, TKeywordSearchUser, TProviderName } from '@prospector/contracts';

/** What a provider answers for one username. */
export type TFetchProfileResult =
  | {
      kind: 'found';
      /** The profile; `public_email` and `email_provenance` are set when an e-mail was found anywhere. */
      profile: TExtractionData;
    }
  | { kind: 'not_found' };

/**
 * Why a provider call failed, after its retries: the item fails with "API error: {message}".
 * rate_limited (a 429 or the API's own throttling code) and unavailable (5xx, timeout, network) are
 * retried with backoff; bad_response (a refused request, an unreadable answer) and unsupported are not.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'rate_limited' | 'unavailable' | 'bad_response' | 'unsupported',
    message: string,
    readonly retryAfterMs?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/**
 * The port every Instagram data provider sits behind (sandbox, apify, graph). The composed provider the
 * service uses adds the global rate limit, retries with backoff and the profile cache around one of them.
 */
/** How a provider call is made: cancellable, and on whose behalf (the rate limiter serves askers in turn). */
export interface TProviderCallOptions {
  signal?: AbortSignal;
  /** The user the call is for; calls without one share one turn. */
  userId?: string;
}

export interface TDataProvider {
  readonly name: TProviderName;
  readonly capabilities: { search: boolean; similar: boolean };
  fetchProfile(username: string, options?: TProviderCallOptions): Promise<TFetchProfileResult>;
  /** Accounts matching a keyword; throws ProviderError('unsupported') when the provider cannot search. */
  searchUsers(keyword: string, options?: TProviderCallOptions): Promise<TKeywordSearchUser[]>;
  /** Usernames similar to one account; ProviderError('unsupported') when the provider cannot. */
  similarAccounts(username: string, options?: TProviderCallOptions): Promise<string[]>;
}

/** Where fetched profiles are kept for a while (PostgreSQL in the service, memory in unit tests). */
export interface TProfileCacheStore {
  get(provider: TProviderName, username: string, maxAgeMs: number): Promise<TFetchProfileResult | null>;
  set(provider: TProviderName, username: string, result: TFetchProfileResult): Promise<void>;
}
