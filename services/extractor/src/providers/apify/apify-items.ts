import { normalizeUsername, type TExtractionData, type TKeywordSearchUser } from '@prospector/contracts';
import { listPublicEmails } from '../email/find-email.ts';
import type { TProviderListedAccount } from '../provider-port.ts';

/**
 * The dataset items of Apify's Instagram actors, as documented on their pages: the profile scraper
 * (`apify/instagram-profile-scraper`) and the search scraper (`apify/instagram-search-scraper`).
 * Every field is optional here: an actor that changes its output degrades to nulls, not to a crash.
 */
export type TApifyItem = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : null;
const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const first = <T>(...values: Array<T | null>): T | null => values.find((value) => value !== null) ?? null;
/** A business category; the actors write the string "None" for an account without one. */
const categoryOf = (value: unknown): string | null => {
  const name = text(value);
  return name && name.trim().toLowerCase() !== 'none' ? name : null;
};
/**
 * The bio links: `externalUrls` is a list of `{ title, lynx_url, url, link_type }` (`lynx_url` is
 * Instagram's redirect to `url`), or of plain strings in older items.
 */
const linkUrlsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((link) => {
        const url =
          typeof link === 'object' && link !== null
            ? first(text((link as TApifyItem).url), text((link as TApifyItem).lynx_url))
            : text(link);
        return url ? [url] : [];
      })
    : [];

/** An item that only reports a failure (`{ error: 'not_found', errorDescription }`) or has no username. */
export function isMissingProfileItem(item: TApifyItem | undefined): boolean {
  return (
    !item || text(item.username) === null || (item.error !== undefined && item.followersCount === undefined)
  );
}

/**
 * A profile scraper item as extraction_data: the e-mail from its fields, else its biography or links,
 * and every other distinct address it shows.
 */
export function profileFromApifyItem(item: TApifyItem, username: string, fetchedAt: Date): TExtractionData {
  const biography = text(item.biography);
  const links = linkUrlsOf(item.externalUrls);
  const externalUrl = text(item.externalUrl) ?? links[0] ?? null;
  const [email, ...others] = listPublicEmails({
    public_email: text(item.publicEmail),
    business_email: text(item.businessEmail),
    biography,
    external_url: externalUrl,
    external_urls: links,
  });
  return {
    username: (text(item.username) ?? username).toLowerCase(),
    full_name: text(item.fullName),
    follower_count: count(item.followersCount),
    following_count: count(item.followsCount),
    media_count: count(item.postsCount),
    is_verified: first(flag(item.verified), flag(item.isVerified)),
    is_private: first(flag(item.private), flag(item.isPrivate)),
    category: first(categoryOf(item.businessCategoryName), categoryOf(item.categoryName)),
    country: text(item.country),
    date_joined: text(item.dateJoined),
    external_url: externalUrl,
    public_email: email?.email ?? null,
    biography,
    profile_pic_url: first(text(item.profilePicUrlHD), text(item.profilePicUrl)),
    email_provenance: email
      ? { provider: 'apify', field: email.field, fetchedAt: fetchedAt.toISOString() }
      : null,
    other_emails: others.map((other) => other.email),
  };
}

/**
 * A search scraper item (or a related profile, which uses snake_case), or a followers actor's row
 * (`{ queryUsername, username, fullName, id, isVerified, isPrivate, profilePicUrl }`), as a keyword
 * search user or listed account. Counts and category are read when the actor adds them, else unknown (null).
 */
export function searchUserFromApifyItem(item: TApifyItem): TKeywordSearchUser | null {
  const username = text(item.username);
  if (!username) return null;
  return {
    username: username.toLowerCase(),
    full_name: first(text(item.fullName), text(item.full_name)),
    profile_pic_url: first(text(item.profilePicUrl), text(item.profile_pic_url)),
    is_verified: first(flag(item.verified), flag(item.isVerified), flag(item.is_verified)) ?? false,
    is_private: first(flag(item.private), flag(item.isPrivate), flag(item.is_private)) ?? false,
    follower_count: first(count(item.followersCount), count(item.follower_count)),
    category: first(categoryOf(item.businessCategoryName), categoryOf(item.category)),
  };
}

/** Each account once, in the order given, only usernames Instagram could have, leaving out those already `seen`. */
export function distinctAccounts(
  accounts: Array<TProviderListedAccount | null>,
  seen = new Set<string>(),
): TProviderListedAccount[] {
  return accounts.flatMap((account) => {
    if (!account || normalizeUsername(account.username) !== account.username || seen.has(account.username))
      return [];
    seen.add(account.username);
    return [account];
  });
}

/**
 * The author of a hashtag scraper's post (`{ ownerUsername, ownerFullName, timestamp, … }`) as a
 * listed account; a post says nothing of its author's reach, badges or category.
 */
export function posterFromApifyPost(item: TApifyItem): TProviderListedAccount | null {
  const username = text(item.ownerUsername);
  if (!username) return null;
  return {
    username: username.toLowerCase(),
    full_name: text(item.ownerFullName),
    profile_pic_url: null,
    is_verified: false,
    is_private: false,
    follower_count: null,
    category: null,
  };
}

/** A post's time for ordering newest first; 0 when it has none. */
export const postTimeOf = (item: TApifyItem): number => {
  const time = Date.parse(text(item.timestamp) ?? '');
  return Number.isNaN(time) ? 0 : time;
};
