import {
  ACCOUNT_LIST_UNSUPPORTED,
  type TAccountListKind,
  type TExtractionData,
  type TKeywordSearchUser,
  type TListedAccount,
  type TProviderInfo,
  type TProviderName,
} from '@prospector/contracts';

/** What a provider answers for one username. */
export type TFetchProfileResult =
  | {
      kind: 'found';
      /** The profile; `public_email` and `email_provenance` are set when an e-mail was found anywhere. */
      profile: TExtractionData;
    }
  | { kind: 'not_found' };

/** A listed account as a provider knows it (whether the user already extracted it is the service's). */
export type TProviderListedAccount = Omit<TListedAccount, 'extracted'>;

/**
 * One page of an account list. `nextCursor` is opaque to everyone but the provider that made it; null
 * when there is no more. `availability`: `private` when the account hides its lists, `not_found` when
 * there is no such account (both with nothing listed).
 */
export interface TAccountPage {
  accounts: TProviderListedAccount[];
  nextCursor: string | null;
  availability: 'listed' | 'private' | 'not_found';
}

/** One page of keyword search results; `nextCursor` null when there are no more. */
export interface TSearchPage {
  users: TKeywordSearchUser[];
  nextCursor: string | null;
}

export type TProviderCapabilities = TProviderInfo['capabilities'];

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
  /** Ask the provider even when the profile cache holds the account (a re-check wants today's data). */
  fresh?: boolean;
}

export interface TDataProvider {
  readonly name: TProviderName;
  readonly capabilities: TProviderCapabilities;
  fetchProfile(username: string, options?: TProviderCallOptions): Promise<TFetchProfileResult>;
  /**
   * One page of the accounts matching a keyword (the first without a cursor); throws
   * ProviderError('unsupported') when the provider cannot search.
   */
  searchUsers(
    keyword: string,
    options?: TProviderCallOptions & { cursor?: string | null },
  ): Promise<TSearchPage>;
  /**
   * Accounts similar to one, with what the provider knows of each (counts and category null when it
   * does not say); ProviderError('unsupported') when the provider cannot.
   */
  similarAccounts(username: string, options?: TProviderCallOptions): Promise<TProviderListedAccount[]>;
  /**
   * One page of an account's followers or following (`target` a normalised username), or of the
   * accounts that posted under a hashtag, newest first and de-duplicated (`target` the tag without
   * `#`, lower-case). ProviderError('unsupported') when the provider cannot list that kind.
   */
  listAccounts(
    kind: TAccountListKind,
    target: string,
    options?: TProviderCallOptions & {
      cursor?: string | null;
      /** How many accounts the whole list may hold (the user's plan): a provider that scrapes a list
       * up front asks for no more. */
      limit?: number;
    },
  ): Promise<TAccountPage>;
}

/** Where fetched profiles are kept for a while (PostgreSQL in the service, memory in unit tests). */
export interface TProfileCacheStore {
  get(provider: TProviderName, username: string, maxAgeMs: number): Promise<TFetchProfileResult | null>;
  set(provider: TProviderName, username: string, result: TFetchProfileResult): Promise<void>;
}

/** The capabilities of a provider that lists no accounts. */
export const NO_ACCOUNT_LISTS = { followers: false, following: false, hashtag: false } as const;

/** `listAccounts` of a provider that cannot list: refused at once (no token, no retry). */
export async function cannotListAccounts(kind: TAccountListKind): Promise<TAccountPage> {
  throw new ProviderError('unsupported', ACCOUNT_LIST_UNSUPPORTED[kind]);
}
