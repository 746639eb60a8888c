import { systemClock, type TClock } from '../clock.ts';
import { callJsonApi } from '../http/call-json-api.ts';
import { ProviderError, type TDataProvider } from '../provider-port.ts';
import {
  distinctAccounts,
  isMissingProfileItem,
  profileFromApifyItem,
  searchUserFromApifyItem,
  type TApifyItem,
} from './apify-items.ts';
import {
  createApifyLists,
  DEFAULT_APIFY_FOLLOWERS_ACTOR,
  DEFAULT_APIFY_HASHTAG_ACTOR,
  type TCallApify,
} from './apify-lists.ts';

export interface TApifyOptions {
  token: string;
  /** API origin, e.g. https://api.apify.com (a local fake in tests). */
  apiBase: string;
  /** Actor that scrapes profiles from `{ usernames: [...] }` (its items carry relatedProfiles too). */
  profileActor: string;
  /** Actor that searches from `{ search, searchType: 'user', searchLimit }`. */
  searchActor: string;
  /** Actor that lists an account's followers (`apify-lists.ts`); its documented default otherwise. */
  followersActor?: string;
  /** Actor that lists a hashtag's recent posts (`apify-lists.ts`); its documented default otherwise. */
  hashtagActor?: string;
  /** How long one synchronous actor run may take (Apify answers 408 after 300 s). */
  timeoutMs: number;
  clock?: TClock;
}

const SERVICE = 'Apify';
const SEARCH_LIMIT = 50;

const errorMessageOf = (body: unknown): string | null => {
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  return typeof error?.message === 'string' ? error.message : null;
};

/**
 * Apify's Instagram actors, run synchronously: `POST /v2/acts/{actor}/run-sync-get-dataset-items`
 * answers the run's dataset items. The token travels in the Authorization header (Apify accepts it
 * there as well as in `?token=`), so it never lands in a URL log.
 */
export function createApifyProvider(options: TApifyOptions): TDataProvider {
  const clock = options.clock ?? systemClock;

  /** One call to Apify's API, its failures mapped to the provider's kinds. */
  const callApify: TCallApify = async (path, request) => {
    const response = await callJsonApi({
      service: SERVICE,
      url: new URL(path, options.apiBase).toString(),
      headers: { authorization: `Bearer ${options.token}` },
      ...request,
      now: clock.now,
    });
    const { status, body } = response;
    const detail = errorMessageOf(body);
    if (status === 429) {
      throw new ProviderError('rate_limited', `${SERVICE} rate limit reached (429)`, response.retryAfterMs);
    }
    if (status >= 500 || status === 408) {
      throw new ProviderError('unavailable', `${SERVICE} failed (${status})${detail ? `: ${detail}` : ''}`);
    }
    if (status < 200 || status >= 300) {
      throw new ProviderError(
        'bad_response',
        `${SERVICE} refused the request (${status})${detail ? `: ${detail}` : ''}`,
      );
    }
    return body;
  };

  /** Runs the actor and answers its dataset items. */
  const runActor = async (actor: string, input: unknown, signal?: AbortSignal) => {
    const timeoutSeconds = Math.max(1, Math.floor(options.timeoutMs / 1000));
    return itemsOf(
      await callApify(
        `/v2/acts/${encodeURIComponent(actor)}/run-sync-get-dataset-items?timeout=${timeoutSeconds}`,
        // A little longer than the run's own timeout, so Apify's 408 arrives before ours.
        { method: 'POST', json: input, timeoutMs: options.timeoutMs + 5_000, signal },
      ),
    );
  };
  const lists = createApifyLists({
    followersActor: options.followersActor ?? DEFAULT_APIFY_FOLLOWERS_ACTOR,
    hashtagActor: options.hashtagActor ?? DEFAULT_APIFY_HASHTAG_ACTOR,
    timeoutMs: options.timeoutMs,
    clock,
    callApify,
    itemsOf,
  });

  async function fetchProfileItem(username: string, signal?: AbortSignal) {
    const items = await runActor(options.profileActor, { usernames: [username] }, signal);
    const item =
      items.find((candidate) => String(candidate.username ?? '').toLowerCase() === username) ?? items[0];
    return isMissingProfileItem(item) ? null : (item as TApifyItem);
  }

  return {
    name: 'apify',
    capabilities: { search: true, similar: true, followers: true, following: false, hashtag: true },
    async fetchProfile(username, { signal } = {}) {
      const item = await fetchProfileItem(username, signal);
      if (!item) return { kind: 'not_found' };
      return { kind: 'found', profile: profileFromApifyItem(item, username, new Date(clock.now())) };
    },
    async searchUsers(keyword, { signal } = {}) {
      const items = await runActor(
        options.searchActor,
        { search: keyword, searchType: 'user', searchLimit: SEARCH_LIMIT },
        signal,
      );
      // The search actor answers everything it found in one run: there is no further page.
      return { users: distinctAccounts(items.map(searchUserFromApifyItem)), nextCursor: null };
    },
    async similarAccounts(username, { signal } = {}) {
      const item = await fetchProfileItem(username, signal);
      const related = Array.isArray(item?.relatedProfiles) ? itemsOf(item.relatedProfiles) : [];
      // Related profiles come in the profile scraper's snake_case (`full_name`, `is_verified`, …).
      return distinctAccounts(related.map(searchUserFromApifyItem), new Set([username]));
    },
    listAccounts: lists.listAccounts,
  };
}

function itemsOf(body: unknown): TApifyItem[] {
  if (!Array.isArray(body))
    throw new ProviderError('bad_response', `${SERVICE} answered without dataset items`);
  return body.filter((item): item is TApifyItem => typeof item === 'object' && item !== null);
}
