import {
  EXTRACTION_RANGE_KEYS,
  extractionFiltersToSearchParams,
  type TExtractionFilters,
  ZExtractionFiltersQuerySchema,
} from '@prospector/contracts';
import { hashKey } from '@tanstack/react-query';

type TRangeKey = (typeof EXTRACTION_RANGE_KEYS)[number];

/**
 * The Database page's filters (docs/product.md §2) as the form holds them: text as typed (empty = no limit).
 * Everything else holds them typed (`TExtractionFilters`); the URL holds the committed ones under the
 * API's own parameter names, so a reload or a shared link shows the same page.
 */
export type TFilterDraft = Omit<TExtractionFilters, TRangeKey> & Record<TRangeKey, string>;

/** No filter at all. */
export const NO_FILTERS: TExtractionFilters = ZExtractionFiltersQuerySchema.parse({});

/**
 * The one place the page's filters become query parameters: its own address, the list request and
 * the export all use it. `page` is added from page 2 on.
 */
export function filtersToSearchParams(filters: TExtractionFilters, page = 1): URLSearchParams {
  const params = extractionFiltersToSearchParams(filters);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The page number in the URL (1 when absent or not a positive whole number). */
export function pageFromSearchParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function draftFromFilters(filters: TExtractionFilters): TFilterDraft {
  const bounds = EXTRACTION_RANGE_KEYS.map((key) => [key, filters[key]?.toString() ?? '']);
  return { ...filters, ...(Object.fromEntries(bounds) as Record<TRangeKey, string>) };
}

export const DEFAULT_FILTERS: TFilterDraft = draftFromFilters(NO_FILTERS);

/** Fields typed into a box: committed to the URL after a pause, not on every key. */
export const TYPED_FIELDS = ['q', 'bio', ...EXTRACTION_RANGE_KEYS] as const;
export const FILTER_DEBOUNCE_MS = 300;

/** The draft's valid filters (a bound that is not a whole number is left out). */
export function filtersFromDraft(draft: TFilterDraft): TExtractionFilters {
  const raw: Record<string, unknown> = { ...draft };
  for (const key of EXTRACTION_RANGE_KEYS) {
    if (!ZExtractionFiltersQuerySchema.shape[key].safeParse(draft[key]).success) delete raw[key];
  }
  const parsed = ZExtractionFiltersQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : NO_FILTERS;
}

/** Whether two filter sets select the same records (compared as the query cache compares keys). */
export const sameFilters = (a: TExtractionFilters, b: TExtractionFilters): boolean =>
  hashKey([a]) === hashKey([b]);

/** How many filters besides the search narrow the list (a bound that does not apply is not one). */
export function activeFilterCount(draft: TFilterDraft): number {
  const filters = filtersFromDraft(draft);
  return (Object.keys(filters) as (keyof TExtractionFilters)[]).filter((key) => {
    const value = filters[key];
    if (key === 'q' || value === undefined || value === '' || value === 'all') return false;
    return !Array.isArray(value) || value.length > 0;
  }).length;
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
