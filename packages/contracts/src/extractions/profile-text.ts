import type { TKeywordSearchUser } from './discovery.ts';
import type { TExtractionData } from './extraction-data.ts';

/**
 * The longest text kept from a provider, per profile field. Instagram's own limits are lower
 * (biography 150, name 30, username 30 characters); the margin leaves room for other platforms'
 * answers and for providers that pad, while a provider sending megabytes cannot fill the database,
 * the pages or the exports. A username, link or address longer than its cap is dropped rather than
 * cut: cut, it would name another account or point somewhere else.
 */
export const PROFILE_TEXT_LIMITS = {
  username: 64,
  full_name: 100,
  biography: 500,
  category: 100,
  country: 100,
  date_joined: 64,
  /** RFC 5321's longest address. */
  public_email: 254,
  external_url: 2048,
  profile_pic_url: 2048,
} as const;

type TTextField = keyof typeof PROFILE_TEXT_LIMITS;
const UNCUTTABLE_FIELDS: ReadonlySet<TTextField> = new Set([
  'username',
  'external_url',
  'profile_pic_url',
  'public_email',
]);

const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;

/** `text` cut to `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/**
 * One provider text as it may be kept: C0 and C1 control characters removed (a line break or tab in a
 * one-line field becomes a space; the biography keeps its line feeds, with CR LF and CR read as LF),
 * then cut to the field's cap, or dropped when it is a username, link or address over it. Empty →
 * null.
 */
export function cleanProfileText(field: TTextField, value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  // Cut before cleaning, with room for the characters cleaning removes, so a huge text costs little.
  const head =
    value.length > PROFILE_TEXT_LIMITS[field] * 4 ? value.slice(0, PROFILE_TEXT_LIMITS[field] * 4) : value;
  const cleaned =
    field === 'biography'
      ? head.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_NEWLINE, (char) => (char === '\t' ? ' ' : ''))
      : head.replace(LINE_BREAKS_AND_TABS, ' ').replace(CONTROLS, '');
  if (cleaned === '') return null;
  const overCap = cleaned.length > PROFILE_TEXT_LIMITS[field] || head.length < value.length;
  if (overCap && UNCUTTABLE_FIELDS.has(field)) return null;
  return cut(cleaned, PROFILE_TEXT_LIMITS[field]);
}

/**
 * A profile with every provider text capped and cleaned (see `cleanProfileText`). An e-mail that is
 * dropped takes its provenance with it. `username` stands in for a username that is not kept.
 */
/** A profile's further addresses kept at most (bios list two or three; a page of them is not a contact). */
export const MAX_OTHER_EMAILS = 10;

export function limitProfileText(profile: TExtractionData, username?: string): TExtractionData {
  const publicEmail = cleanProfileText('public_email', profile.public_email);
  const limited: TExtractionData = {
    ...profile,
    username: cleanProfileText('username', profile.username) ?? username ?? '',
    full_name: cleanProfileText('full_name', profile.full_name),
    biography: cleanProfileText('biography', profile.biography),
    category: cleanProfileText('category', profile.category),
    country: cleanProfileText('country', profile.country),
    date_joined: cleanProfileText('date_joined', profile.date_joined),
    external_url: cleanProfileText('external_url', profile.external_url),
    public_email: publicEmail,
  };
  if (profile.profile_pic_url !== undefined) {
    limited.profile_pic_url = cleanProfileText('profile_pic_url', profile.profile_pic_url);
  }
  if (profile.other_emails !== undefined) {
    limited.other_emails = profile.other_emails
      .map((email) => cleanProfileText('public_email', email))
      .filter((email): email is string => email !== null)
      .slice(0, MAX_OTHER_EMAILS);
  }
  const sourceUrl = profile.email_provenance?.sourceUrl;
  if (profile.email_provenance && sourceUrl !== undefined) {
    const kept = cleanProfileText('external_url', sourceUrl);
    const { sourceUrl: _dropped, ...provenance } = profile.email_provenance;
    limited.email_provenance = kept === null ? provenance : { ...provenance, sourceUrl: kept };
  }
  if (publicEmail === null && profile.email_provenance !== undefined) limited.email_provenance = null;
  return limited;
}

/**
 * A keyword-search or listed account with its texts capped and cleaned, or null when its username is
 * not one that could be kept (a cut username names another account).
 */
export function limitSearchUserText<T extends TKeywordSearchUser & { category?: string | null }>(
  user: T,
): T | null {
  const username = cleanProfileText('username', user.username);
  if (username === null || username !== user.username) return null;
  return {
    ...user,
    full_name: cleanProfileText('full_name', user.full_name),
    profile_pic_url: cleanProfileText('profile_pic_url', user.profile_pic_url),
    ...(user.category === undefined ? {} : { category: cleanProfileText('category', user.category) }),
  };
}
