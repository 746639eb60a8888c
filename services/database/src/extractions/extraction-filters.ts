import type { TExtractionFilters } from '@prospector/contracts';
import { and, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { extractions, shortSearchPairs } from '../db/schema.ts';

/** More bio words than this are ignored: each one is an index lookup. */
export const MAX_BIO_KEYWORDS = 20;

/** A search this short has no trigram (see `searchCondition`). */
export const SHORT_SEARCH_MAX_LENGTH = 2;

/**
 * Whether `text` takes the short search: at most two characters (code points, as PostgreSQL counts
 * them), also once lower-cased (a few characters lower-case into two).
 */
export const isShortSearch = (text: string): boolean =>
  [...text].length <= SHORT_SEARCH_MAX_LENGTH && [...text.toLowerCase()].length === [...text].length;

/** `%…%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The bio filter's words: space separated, each counted once, case folded. */
export function bioKeywords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  return [...new Set(words)].slice(0, MAX_BIO_KEYWORDS);
}

export interface TExtractionScope {
  /** The workspace (docs/architecture.md §17): only its records, whoever extracted them. */
  ownerKey: string;
  /** Only these records (an export of a selection). */
  ids?: readonly string[];
  /** Only records with a public e-mail (every export, docs/product.md §5). */
  withEmailOnly?: boolean;
}

/**
 * The one place the Database page's filters (docs/product.md §2) become SQL: the records of the workspace `scope.ownerKey`
 * that match every filter set. Each condition reads a typed, indexed column (see the schema):
 *
 * - search: username or e-mail contains the text, case-insensitive (see `searchCondition`);
 * - email with / without: a public e-mail is stored or not;
 * - min / max: inclusive bounds; a record whose count is unknown matches no bound;
 * - verified / privacy: `yes` and `private` need the flag true; `no` and `public` take false or unknown;
 * - e-mail status `deliverable`: the e-mail's last verdict is deliverable (unchecked ones are not);
 * - categories: any of them, exactly;
 * - bio: the biography contains any of the words (case-insensitive);
 * - list ("In list …"): the record is a member of that list of the workspace's (another's list: none);
 * - member ("Extracted by"): that member's run extracted it (`user_id`).
 */
export function extractionConditions(filters: TExtractionFilters, scope: TExtractionScope): SQL {
  const conditions: (SQL | undefined)[] = [eq(extractions.ownerKey, scope.ownerKey)];
  if (scope.ids) conditions.push(inArray(extractions.id, [...scope.ids]));
  if (scope.withEmailOnly || filters.email === 'with') conditions.push(isNotNull(extractions.publicEmail));
  if (filters.email === 'without') conditions.push(isNull(extractions.publicEmail));

  if (filters.q) {
    conditions.push(searchCondition(filters.q));
  }

  const ranges = [
    [extractions.followerCount, filters.followersMin, filters.followersMax],
    [extractions.followingCount, filters.followingMin, filters.followingMax],
    [extractions.mediaCount, filters.mediaMin, filters.mediaMax],
  ] as const;
  for (const [column, min, max] of ranges) {
    if (min !== undefined) conditions.push(gte(column, min));
    if (max !== undefined) conditions.push(lte(column, max));
  }

  if (filters.verified === 'yes') conditions.push(sql`${extractions.isVerified} is true`);
  if (filters.verified === 'no') conditions.push(sql`${extractions.isVerified} is not true`);
  if (filters.privacy === 'private') conditions.push(sql`${extractions.isPrivate} is true`);
  if (filters.privacy === 'public') conditions.push(sql`${extractions.isPrivate} is not true`);
  if (filters.emailStatus !== 'all') conditions.push(eq(extractions.emailStatus, filters.emailStatus));
  if (filters.emailRole === 'role') conditions.push(sql`${extractions.emailRole} is true`);
  if (filters.emailRole === 'personal') conditions.push(sql`${extractions.emailRole} is false`);

  if (filters.category.length > 0) conditions.push(inArray(extractions.category, filters.category));

  const words = bioKeywords(filters.bio);
  if (words.length > 0) {
    conditions.push(or(...words.map((word) => sql`${extractions.biography} ilike ${containsPattern(word)}`)));
  }
  if (filters.list) {
    conditions.push(
      // Aliased: drizzle leaves columns unqualified in a one-table query, which the subquery would misread.
      sql`${extractions.id} in (select m.extraction_id from database.lead_list_members m join database.lead_lists l on l.id = m.list_id where m.list_id = ${filters.list} and l.owner_key = ${scope.ownerKey})`,
    );
  }
  if (filters.member) conditions.push(eq(extractions.userId, filters.member));
  return and(...conditions) as SQL;
}

/**
 * Search: the username or the e-mail contains `text`, case-insensitive. From three characters, ILIKE,
 * which the trigram indexes serve. One or two characters have no trigram, and the planner would still
 * take a trigram index for an ILIKE and read all of it; so the same test is written as containment in
 * the lower-case text (what ILIKE does with a pattern of plain characters), which no index claims. Two
 * characters are also one of the row's two-character pieces (exactly the rows that contain them), which
 * the short-search index finds. One character matches most rows anyway: the user's rows are read.
 */
function searchCondition(text: string): SQL {
  if (!isShortSearch(text)) {
    const pattern = containsPattern(text);
    return or(
      sql`${extractions.instagramUsername} ilike ${pattern}`,
      sql`${extractions.publicEmail} ilike ${pattern}`,
    ) as SQL;
  }
  const contains = sql`(strpos(lower(${extractions.instagramUsername}), lower(${text}::text)) > 0 or strpos(lower(${extractions.publicEmail}), lower(${text}::text)) > 0)`;
  if ([...text].length < SHORT_SEARCH_MAX_LENGTH) return contains;
  return sql`(${shortSearchPairs(extractions)} @> array[lower(${text}::text)] and ${contains})`;
}
