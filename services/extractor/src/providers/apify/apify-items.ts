import type { TExtractionData, TKeywordSearchUser } from '@prospector/contracts';
import { pickPublicEmail } from '../email/find-email.ts';

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

/** An item that only reports a failure (`{ error: 'not_found', errorDescription }`) or has no username. */
export function isMissingProfileItem(item: TApifyItem | undefined): boolean {
  return (
    !item || text(item.username) === null || (item.error !== undefined && item.followersCount === undefined)
  );
}

/** A profile scraper item as extraction_data (the e-mail from its fields, else its biography or link). */
export function profileFromApifyItem(item: TApifyItem, username: string, fetchedAt: Date): TExtractionData {
  const biography = text(item.biography);
  const externalUrl = text(item.externalUrl);
  const email = pickPublicEmail({
    public_email: text(item.publicEmail),
    business_email: text(item.businessEmail),
    biography,
    external_url: externalUrl,
  });
  return {
    username: (text(item.username) ?? username).toLowerCase(),
    full_name: text(item.fullName),
    follower_count: count(item.followersCount),
    following_count: count(item.followsCount),
    media_count: count(item.postsCount),
    is_verified: first(flag(item.verified), flag(item.isVerified)),
    is_private: first(flag(item.private), flag(item.isPrivate)),
    category: first(text(item.businessCategoryName), text(item.categoryName)),
    country: text(item.country),
    date_joined: text(item.dateJoined),
    external_url: externalUrl,
    public_email: email?.email ?? null,
    biography,
    profile_pic_url: first(text(item.profilePicUrlHD), text(item.profilePicUrl)),
    email_provenance: email
      ? { provider: 'apify', field: email.field, fetchedAt: fetchedAt.toISOString() }
      : null,
  };
}

/** A search scraper item (or a related profile, which uses snake_case) as a keyword search user. */
export function searchUserFromApifyItem(item: TApifyItem): TKeywordSearchUser | null {
  const username = text(item.username);
  if (!username) return null;
  return {
    username: username.toLowerCase(),
    full_name: first(text(item.fullName), text(item.full_name)),
    profile_pic_url: first(text(item.profilePicUrl), text(item.profile_pic_url)),
    is_verified: first(flag(item.verified), flag(item.isVerified), flag(item.is_verified)) ?? false,
    is_private: first(flag(item.private), flag(item.isPrivate), flag(item.is_private)) ?? false,
  };
}
