import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../account/sanitize-text.ts';
import { EMAIL_STATUSES, ZEmailCheckSchema } from '../extractions/email-check.ts';
import { ZExtractionDataSchema } from '../extractions/extraction-data.ts';

/** docs/product.md §9: the Database page shows 25 records a page. */
export const EXTRACTIONS_PAGE_SIZE = 25;
/** How many ids one export or delete may name. */
export const MAX_SELECTED_IDS = 1000;

export const EMAIL_FILTERS = ['all', 'with', 'without'] as const;
export const VERIFIED_FILTERS = ['all', 'yes', 'no'] as const;
export const PRIVACY_FILTERS = ['all', 'public', 'private'] as const;
/** "Deliverable only", "Risky only", "Undeliverable only": records whose e-mail was checked so. */
export const EMAIL_STATUS_FILTERS = ['all', ...EMAIL_STATUSES] as const;
/**
 * "Address type": role mailboxes (`info@`, `hello@`…) only, or personal ones only, whatever their status
 * (`isRoleEmail`); records without an e-mail are neither.
 */
export const EMAIL_ROLE_FILTERS = ['all', 'personal', 'role'] as const;

/** A query value that may be repeated (`?category=a&category=b`): always a list. */
const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** An optional whole-number bound; an empty value means "no limit". */
const bound = (label: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .pipe(
      z
        .string()
        .regex(/^\d{1,10}$/, `${label} must be a whole number of 0 or more`)
        .transform(Number)
        .optional(),
    )
    // Documented as what it accepts (digits, or empty for no limit), not as the string a query carries.
    .meta({
      type: 'integer',
      minimum: 0,
      maximum: 9_999_999_999,
      description: `${label}; empty for no limit.`,
    });

/** A filter's text: PostgreSQL cannot take a NUL character, so it is refused like any bad input. */
const filterText = z
  .string()
  .max(MAX_TEXT_LENGTH)
  .refine((value) => !value.includes('\u0000'), 'Filters cannot contain a NUL character');

const text = filterText.optional().transform((value) => value?.trim() ?? '');

/**
 * The Database page's filters (docs/product.md §2) as URL query parameters: the page keeps them in its own URL
 * under the same names and sends them as they are. Every parameter is optional.
 */
export const ZExtractionFiltersQuerySchema = z.object({
  /** Part of the username or the e-mail, case-insensitive. */
  q: text,
  email: z.enum(EMAIL_FILTERS).default('all'),
  followersMin: bound('Minimum followers'),
  followersMax: bound('Maximum followers'),
  followingMin: bound('Minimum following'),
  followingMax: bound('Maximum following'),
  mediaMin: bound('Minimum media'),
  mediaMax: bound('Maximum media'),
  verified: z.enum(VERIFIED_FILTERS).default('all'),
  privacy: z.enum(PRIVACY_FILTERS).default('all'),
  emailStatus: z.enum(EMAIL_STATUS_FILTERS).default('all'),
  emailRole: z.enum(EMAIL_ROLE_FILTERS).default('all'),
  /** Any of these categories (exact). */
  category: repeated.pipe(z.array(filterText).max(200)),
  /** Space-separated words; a record matches when its biography contains any of them. */
  bio: text,
  /** "In list …": only the members of this lead list of the user's (another user's list matches nothing). */
  list: z.uuid('Unknown list').optional(),
  /**
   * "Extracted by": only the records this member of the workspace extracted (their user id, as
   * `extractedBy` gives it). Scoped to the session's workspace like every filter: another workspace's
   * member matches nothing.
   */
  member: filterText.transform((value) => value.trim() || undefined).optional(),
});
export type TExtractionFilters = z.output<typeof ZExtractionFiltersQuerySchema>;

/** The filters' whole-number bounds, in their query order. */
export const EXTRACTION_RANGE_KEYS = [
  'followersMin',
  'followersMax',
  'followingMin',
  'followingMax',
  'mediaMin',
  'mediaMax',
] as const satisfies readonly (keyof TExtractionFilters)[];

/** `GET /api/database/extractions`: the filters and a page (1-based; beyond the last → the last). */
export const ZExtractionListQuerySchema = ZExtractionFiltersQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type TExtractionListQuery = z.output<typeof ZExtractionListQuerySchema>;

const ids = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(z.array(z.uuid('Unknown extraction id')).max(MAX_SELECTED_IDS));

/**
 * `GET /api/database/extractions/export`: the filters, and optionally `ids` (comma separated) to export
 * only those. Rows without an e-mail are never exported (docs/product.md §5).
 */
export const ZExtractionExportQuerySchema = ZExtractionFiltersQuerySchema.extend({
  ids,
  /** `true` adds the `email_status` column at the end; the spec's columns stay as they are otherwise. */
  includeEmailStatus: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type TExtractionExportQuery = z.output<typeof ZExtractionExportQuerySchema>;

/** One row of the table: the typed profile fields (legacy keys already read). */
export const ZExtractionRowSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  followerCount: z.number().int().nullable(),
  followingCount: z.number().int().nullable(),
  mediaCount: z.number().int().nullable(),
  isVerified: z.boolean().nullable(),
  isPrivate: z.boolean().nullable(),
  category: z.string().nullable(),
  biography: z.string().nullable(),
  /** The e-mail's deliverability; null when it has no e-mail or was not checked (yet). */
  emailStatus: z.enum(EMAIL_STATUSES).nullable(),
  /** Whether the e-mail is a role mailbox (info@, hello@…), apart from its status; null without an e-mail. */
  emailRole: z.boolean().nullable(),
  createdAt: z.iso.datetime(),
  /** When its data was fetched: the extraction, or the last re-check. Its age counts from here. */
  refreshedAt: z.iso.datetime(),
  /** When the retention sweeper removes it unless it is re-checked; null when records are kept. */
  expiresAt: z.iso.datetime().nullable(),
  /**
   * The user id of the workspace's member whose run extracted it (docs/architecture.md §17); null once
   * that member erased their account (the record stays with the workspace). Absent from older servers.
   */
  extractedBy: z.string().nullable().optional(),
});
export type TExtractionRow = z.infer<typeof ZExtractionRowSchema>;

export const ZExtractionPageSchema = z.object({
  items: z.array(ZExtractionRowSchema),
  /** The page served: the one asked for, or the last one when it asked beyond it. */
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  /** At least 1, so an empty result still reads "Page 1 of 1". */
  totalPages: z.number().int().min(1),
  /** How many months a record is kept after its data was fetched (RECORD_RETENTION_MONTHS); 0: kept. */
  retentionMonths: z.number().int().min(0),
});
export type TExtractionPage = z.infer<typeof ZExtractionPageSchema>;

/** `GET /api/database/extractions/:id`: the whole profile as extracted, with the e-mail's provenance. */
export const ZExtractionDetailSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  emailFound: z.boolean().nullable(),
  creditsUsed: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  /** The page of a linked website the e-mail was read on; null when it came from the profile itself. */
  emailSourceUrl: z.string().nullable(),
  profile: ZExtractionDataSchema,
  /** The e-mail's last verdict, with its reason; null when it has no e-mail or was not checked (yet). */
  emailCheck: ZEmailCheckSchema.nullable(),
  /** When the record may be re-checked again (null: now). */
  recheckAvailableAt: z.iso.datetime().nullable(),
  refreshedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  retentionMonths: z.number().int().min(0),
  /** The member who extracted it, as in the row (`extractedBy`). */
  extractedBy: z.string().nullable().optional(),
});
export type TExtractionDetail = z.infer<typeof ZExtractionDetailSchema>;

/**
 * `POST /api/database/extractions/:id/recheck`: the record renewed, and what the user should know about
 * how (`RECHECK_NOTICES`), or null when the fresh data simply replaced the old.
 */
export const ZRecheckResultSchema = ZExtractionDetailSchema.extend({ notice: z.string().nullable() });
export type TRecheckResult = z.infer<typeof ZRecheckResultSchema>;

/** `GET /api/database/categories`: the distinct categories of the user's own records, sorted. */
export const ZExtractionCategoriesSchema = z.object({ categories: z.array(z.string()) });

/** `POST /api/database/extractions/delete`. */
export const ZDeleteExtractionsRequestSchema = z.object({
  ids: z.array(z.uuid('Unknown extraction id')).min(1).max(MAX_SELECTED_IDS),
});
export type TDeleteExtractionsRequest = z.infer<typeof ZDeleteExtractionsRequestSchema>;
/** How many of the given ids were the user's own records and are now gone. */
export const ZDeleteExtractionsResponseSchema = z.object({ deleted: z.number().int().min(0) });
export type TDeleteExtractionsResponse = z.infer<typeof ZDeleteExtractionsResponseSchema>;

/** docs/product.md §5 / §8 texts the page and the export share. */
export const NO_DATA_TO_EXPORT = 'No data to export';
/** 429: the user's own export is still running (one at a time per user). */
export const EXPORT_ALREADY_RUNNING = 'An export is already running. Please wait for it to finish.';
/** 429: every export slot stayed busy with other users' exports while this one waited. */
export const EXPORTS_BUSY = 'Many exports are running right now. Please try again in a minute.';
export const EXTRACTION_NOT_FOUND = 'Extraction not found';

/** A saved record may be re-checked (fetched again, its e-mail checked) for free at most once in this long. */
export const EMAIL_RECHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** 503: the profile or its e-mail could not be checked; the day is given back. */
export const EMAIL_CHECK_UNAVAILABLE = 'The re-check is unavailable right now. Please try again.';
/** The re-check refused within a day of the last one; `when` is the next time it may run. */
export const recheckTooSoonMessage = (when: Date): string =>
  `This record was re-checked less than a day ago. You can re-check it again after ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
/** 409: the account is gone from Instagram (or renamed); the record stays as it was, and still expires. */
export const recheckNotFoundMessage = (username: string): string =>
  `@${username} could not be found on Instagram any more. The record was kept as it was.`;

/** What a re-check tells the user besides the renewed record. */
export const RECHECK_NOTICES = {
  /**
   * The profile shows an e-mail the record never had. A re-check is free, so it does not hand out an
   * e-mail that an extraction charges a credit for.
   */
  emailWithheld:
    'The profile now shows a public e-mail. Re-checks are free, so it is not added: delete this record and extract the account again to get it (1 credit if found).',
  /** The profile shows no e-mail any more: the saved one is kept, and was checked again. */
  emailNoLongerShown: 'The profile no longer shows an e-mail; the saved one was kept and checked again.',
} as const;

/**
 * The filters as query parameters, leaving out every default, so a URL carries only what the user set
 * (the page's own address and the API calls are built from this one function).
 */
export function extractionFiltersToSearchParams(filters: TExtractionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.email !== 'all') params.set('email', filters.email);
  for (const key of EXTRACTION_RANGE_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  if (filters.verified !== 'all') params.set('verified', filters.verified);
  if (filters.privacy !== 'all') params.set('privacy', filters.privacy);
  if (filters.emailStatus !== 'all') params.set('emailStatus', filters.emailStatus);
  if (filters.emailRole !== 'all') params.set('emailRole', filters.emailRole);
  for (const category of filters.category) params.append('category', category);
  if (filters.bio) params.set('bio', filters.bio);
  if (filters.list) params.set('list', filters.list);
  if (filters.member) params.set('member', filters.member);
  return params;
}

/** Reads filters from a URL's query, dropping any that do not parse rather than failing the page. */
export function extractionFiltersFromSearchParams(params: URLSearchParams): TExtractionFilters {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? (values[0] as string) : values;
  }
  const parsed = ZExtractionFiltersQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep the valid ones: parse each field alone against the defaults.
  const shape = ZExtractionFiltersQuerySchema.shape;
  const result: Record<string, unknown> = ZExtractionFiltersQuerySchema.parse({});
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const one = shape[key].safeParse(raw[key]);
    if (one.success) result[key] = one.data;
  }
  return result as TExtractionFilters;
}
