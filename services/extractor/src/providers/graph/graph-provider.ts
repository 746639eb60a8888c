import { DISCOVERY_MESSAGES, type TExtractionData } from '@prospector/contracts';
import { systemClock, type TClock } from '../clock.ts';
import { listPublicEmails } from '../email/find-email.ts';
import { callJsonApi } from '../http/call-json-api.ts';
import { cannotListAccounts, NO_ACCOUNT_LISTS, ProviderError, type TDataProvider } from '../provider-port.ts';

export interface TGraphOptions {
  accessToken: string;
  /** The Instagram professional account the app asks through (Business Discovery needs one). */
  igUserId: string;
  /** e.g. https://graph.facebook.com (a local fake in tests). */
  apiBase: string;
  /** Graph API version, e.g. v21.0. */
  version: string;
  timeoutMs: number;
  clock?: TClock;
}

const SERVICE = 'Instagram Graph API';
const FIELDS =
  'username,name,biography,website,followers_count,follows_count,media_count,profile_picture_url';

/** Graph API error codes that mean "slow down": app, user, page and Instagram throttling. */
const THROTTLING_CODES = new Set([4, 17, 32, 613, 80002]);
/** Business Discovery's "the user … cannot be found" (the account does not exist or is not professional). */
const USER_NOT_FOUND_SUBCODES = new Set([2207013]);

interface TGraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : null;

function isUserNotFound(error: TGraphError): boolean {
  if (error.error_subcode !== undefined && USER_NOT_FOUND_SUBCODES.has(error.error_subcode)) return true;
  return (
    error.code === 110 || (error.code === 100 && /cannot be found|does not exist/i.test(error.message ?? ''))
  );
}

/** Business Discovery's answer as extraction_data: no e-mail field, so the e-mail comes from text only. */
function profileFromDiscovery(
  raw: Record<string, unknown>,
  username: string,
  fetchedAt: Date,
): TExtractionData {
  const biography = text(raw.biography);
  const website = text(raw.website);
  const [email, ...others] = listPublicEmails({ biography, external_url: website });
  return {
    username: (text(raw.username) ?? username).toLowerCase(),
    full_name: text(raw.name),
    follower_count: count(raw.followers_count),
    following_count: count(raw.follows_count),
    media_count: count(raw.media_count),
    is_verified: null,
    // Business Discovery only sees professional accounts, and those cannot be private.
    is_private: false,
    category: null,
    country: null,
    date_joined: null,
    external_url: website,
    public_email: email?.email ?? null,
    biography,
    profile_pic_url: text(raw.profile_picture_url),
    email_provenance: email
      ? { provider: 'graph', field: email.field, fetchedAt: fetchedAt.toISOString() }
      : null,
    other_emails: others.map((other) => other.email),
  };
}

/**
 * Instagram Graph API Business Discovery: public data of professional accounts, asked through the
 * app's own professional account. It has no user search and no similar accounts.
 */
export function createGraphProvider(options: TGraphOptions): TDataProvider {
  const clock = options.clock ?? systemClock;
  return {
    name: 'graph',
    capabilities: { search: false, similar: false, ...NO_ACCOUNT_LISTS },
    async fetchProfile(username, { signal } = {}) {
      const url = new URL(`/${options.version}/${encodeURIComponent(options.igUserId)}`, options.apiBase);
      url.searchParams.set('fields', `business_discovery.username(${username}){${FIELDS}}`);
      // The documented way to pass the token; the URL is never logged.
      url.searchParams.set('access_token', options.accessToken);
      const response = await callJsonApi({
        service: SERVICE,
        url: url.toString(),
        timeoutMs: options.timeoutMs,
        signal,
        now: clock.now,
      });
      const body = response.body as
        | { business_discovery?: Record<string, unknown>; error?: TGraphError }
        | undefined;
      const error = body?.error;
      if (error) {
        const detail = error.message ? `: ${error.message}` : '';
        if (isUserNotFound(error)) return { kind: 'not_found' };
        if ((error.code !== undefined && THROTTLING_CODES.has(error.code)) || response.status === 429) {
          throw new ProviderError(
            'rate_limited',
            `${SERVICE} rate limit reached (code ${error.code})`,
            response.retryAfterMs,
          );
        }
        if (response.status >= 500 || error.code === 1 || error.code === 2) {
          throw new ProviderError('unavailable', `${SERVICE} failed (${response.status})${detail}`);
        }
        throw new ProviderError(
          'bad_response',
          `${SERVICE} refused the request (code ${error.code})${detail}`,
        );
      }
      if (response.status === 429)
        throw new ProviderError('rate_limited', `${SERVICE} rate limit reached (429)`, response.retryAfterMs);
      if (response.status >= 500)
        throw new ProviderError('unavailable', `${SERVICE} failed (${response.status})`);
      const discovered = body?.business_discovery;
      if (response.status >= 300 || !discovered || typeof discovered !== 'object') {
        throw new ProviderError(
          'bad_response',
          `${SERVICE} answered without business_discovery (${response.status})`,
        );
      }
      return { kind: 'found', profile: profileFromDiscovery(discovered, username, new Date(clock.now())) };
    },
    async searchUsers() {
      throw new ProviderError('unsupported', DISCOVERY_MESSAGES.searchUnsupported);
    },
    async similarAccounts() {
      throw new ProviderError('unsupported', DISCOVERY_MESSAGES.similarUnsupported);
    },
    // Business Discovery shows no one's followers or following, and hashtag media come without
    // their authors: none of the list sources can be built on it.
    listAccounts: cannotListAccounts,
  };
}
