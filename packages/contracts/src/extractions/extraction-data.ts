import { z } from 'zod';

/**
 * Where a public e-mail was read: the profile's own e-mail fields, text in its biography / link, or a
 * page of the website the profile links to (`website`, with the page in `sourceUrl`).
 */
export const EMAIL_FIELDS = [
  'public_email',
  'business_email',
  'biography',
  'external_url',
  'website',
] as const;
export type TEmailField = (typeof EMAIL_FIELDS)[number];

export const PROVIDER_NAMES = ['sandbox', 'apify', 'graph'] as const;
export type TProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * Which provider gave an e-mail, from which field, and when it was fetched. An e-mail found on a linked
 * website has field `website`, the exact page it was read on as `sourceUrl` and that page's fetch time;
 * `provider` is still the one whose profile linked there.
 */
export const ZEmailProvenanceSchema = z.object({
  provider: z.enum(PROVIDER_NAMES),
  field: z.enum(EMAIL_FIELDS),
  fetchedAt: z.iso.datetime(),
  sourceUrl: z.url({ protocol: /^https?$/ }).optional(),
});

/** The page an e-mail was read on, when it came from a linked website; null otherwise. */
export const emailSourceUrlOf = (data: Pick<TExtractionData, 'email_provenance'>): string | null =>
  data.email_provenance?.field === 'website' ? (data.email_provenance.sourceUrl ?? null) : null;

/**
 * The spec's extraction_data (docs/product.md "Extraction record"): one profile as extracted. Every
 * field but the username may be missing from what a provider returns.
 */
export const ZExtractionDataSchema = z.object({
  username: z.string(),
  full_name: z.string().nullable(),
  follower_count: z.number().int().min(0).nullable(),
  following_count: z.number().int().min(0).nullable(),
  media_count: z.number().int().min(0).nullable(),
  is_verified: z.boolean().nullable(),
  is_private: z.boolean().nullable(),
  category: z.string().nullable(),
  country: z.string().nullable(),
  date_joined: z.string().nullable(),
  external_url: z.string().nullable(),
  public_email: z.string().nullable(),
  biography: z.string().nullable(),
  profile_pic_url: z.string().nullable().optional(),
  /** Set when public_email is set. */
  email_provenance: ZEmailProvenanceSchema.nullable().optional(),
  /**
   * The profile's other distinct addresses (a bio's press address beside its booking one), in order of
   * trust after public_email. Not charged and not exported; missing on records older than the field.
   */
  other_emails: z.array(z.string()).optional(),
});
export type TExtractionData = z.infer<typeof ZExtractionDataSchema>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const whole = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? Math.trunc(number) : null;
};
const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
/** The non-empty strings of a list, in order; anything else is an empty list. */
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

/**
 * Reads stored extraction_data, new keys first and the older ones (followers, following, bio,
 * display_name) where the new are missing, so legacy records display and export like new ones.
 */
export function readExtractionData(raw: Record<string, unknown>, username = ''): TExtractionData {
  const provenance = ZEmailProvenanceSchema.safeParse(raw.email_provenance);
  return {
    username: text(raw.username) ?? username,
    full_name: text(raw.full_name) ?? text(raw.display_name),
    follower_count: whole(raw.follower_count) ?? whole(raw.followers),
    following_count: whole(raw.following_count) ?? whole(raw.following),
    media_count: whole(raw.media_count),
    is_verified: flag(raw.is_verified),
    is_private: flag(raw.is_private),
    category: text(raw.category),
    country: text(raw.country),
    date_joined: text(raw.date_joined),
    external_url: text(raw.external_url),
    public_email: text(raw.public_email),
    biography: text(raw.biography) ?? text(raw.bio),
    profile_pic_url: text(raw.profile_pic_url),
    email_provenance: provenance.success ? provenance.data : null,
    other_emails: texts(raw.other_emails),
  };
}
