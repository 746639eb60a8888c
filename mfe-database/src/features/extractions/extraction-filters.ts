import {
  EXTRACTION_RANGE_KEYS,
  extractionFiltersFromSearchParams,
  extractionFiltersToSearchParams,
  type TExtractionFilters,
  ZExtractionFiltersQuerySchema,
} from '@prospector/contracts';

type TRangeKey = (typeof EXTRACTION_RANGE_KEYS)[number];

/**
 * The Database page's filters (docs/product.md §2) as the form holds them: text as typed (empty = no limit).
 * The URL holds the committed ones, under the API's own parameter names, so a reload or a shared
 * link shows the same page and the list query is the URL's query.
 */
export type TFilterDraft = Omit<TExtractionFilters, TRangeKey> & Record<TRangeKey, string>;

export function draftFromSearchParams(params: URLSearchParams): TFilterDraft {
  const filters = extractionFiltersFromSearchParams(params);
  const bounds = EXTRACTION_RANGE_KEYS.map((key) => [key, filters[key]?.toString() ?? '']);
  return { ...filters, ...(Object.fromEntries(bounds) as Record<TRangeKey, string>) };
}

export const DEFAULT_FILTERS: TFilterDraft = draftFromSearchParams(new URLSearchParams());

/** Fields typed into a box: committed to the URL after a pause, not on every key. */
export const TYPED_FIELDS = ['q', 'bio', ...EXTRACTION_RANGE_KEYS] as const;
export const FILTER_DEBOUNCE_MS = 300;

/** The draft's valid filters as query parameters (a bound that is not a whole number is left out). */
export function draftToSearchParams(draft: TFilterDraft): URLSearchParams {
  const raw: Record<string, unknown> = { ...draft };
  for (const key of EXTRACTION_RANGE_KEYS) {
    if (!ZExtractionFiltersQuerySchema.shape[key].safeParse(draft[key]).success) delete raw[key];
  }
  const parsed = ZExtractionFiltersQuerySchema.safeParse(raw);
  return extractionFiltersToSearchParams(
    parsed.success ? parsed.data : ZExtractionFiltersQuerySchema.parse({}),
  );
}

/** The page number in the URL (1 when absent or not a positive whole number). */
export function pageFromSearchParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The list query for a filter set and page: the filters' parameters, then `page` unless it is 1. */
export function listQuery(filters: URLSearchParams, page: number): string {
  const params = new URLSearchParams(filters);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** How many filters besides the search narrow the list (a bound that does not apply is not one). */
export function activeFilterCount(draft: TFilterDraft): number {
  const keys = new Set(draftToSearchParams(draft).keys());
  keys.delete('q');
  return keys.size;
}

const WHOLE_NUMBER = /^\d{1,10}$/;
export const RANGE_NOT_A_NUMBER = 'Whole numbers of 0 or more only: this limit is not applied.';
export const RANGE_MIN_ABOVE_MAX = 'The minimum is above the maximum: no account can match.';

/**
 * What a range's two boxes say about what was typed, or null when both are fine: a bound that is not
 * a whole number of 0 or more is left out of the query, and a minimum above the maximum matches nothing.
 */
export function rangeHint(min: string, max: string): string | null {
  const typed = [min.trim(), max.trim()];
  if (typed.some((value) => value !== '' && !WHOLE_NUMBER.test(value))) return RANGE_NOT_A_NUMBER;
  const [low, high] = typed;
  if (low && high && Number(low) > Number(high)) return RANGE_MIN_ABOVE_MAX;
  return null;
}
