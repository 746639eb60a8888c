import { extractionFiltersFromSearchParams } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  draftFromFilters,
  filtersFromDraft,
  filtersToSearchParams,
  NO_FILTERS,
  pageFromSearchParams,
  RANGE_MIN_ABOVE_MAX,
  RANGE_NOT_A_NUMBER,
  rangeHint,
} from './extraction-filters.ts';

describe('filters in the URL', () => {
  it('leaves every default out', () => {
    expect(filtersToSearchParams(filtersFromDraft(DEFAULT_FILTERS)).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const draft = {
      q: 'ada',
      email: 'with' as const,
      verified: 'yes' as const,
      privacy: 'private' as const,
      emailStatus: 'deliverable' as const,
      emailRole: 'role' as const,
      followersMin: '10',
      followersMax: '20',
      followingMin: '1',
      followingMax: '2',
      mediaMin: '3',
      mediaMax: '4',
      category: ['Art', 'Food & Drink'],
      bio: 'vegan coach',
    };
    const filters = filtersFromDraft(draft);
    expect(filters.followersMin).toBe(10);
    expect(draftFromFilters(extractionFiltersFromSearchParams(filtersToSearchParams(filters)))).toEqual(
      draft,
    );
  });

  it('drops what does not parse instead of failing the page', () => {
    const params = new URLSearchParams('verified=maybe&followersMin=-3&q=ok&page=x');
    expect(extractionFiltersFromSearchParams(params)).toEqual({ ...NO_FILTERS, q: 'ok' });
    expect(filtersFromDraft({ ...DEFAULT_FILTERS, mediaMax: '1e3' })).toEqual(NO_FILTERS);
    expect(pageFromSearchParams(params)).toBe(1);
  });

  it('adds the page to the list query from page 2 on', () => {
    const filters = { ...NO_FILTERS, q: 'a' };
    expect(filtersToSearchParams(filters, 1).toString()).toBe('q=a');
    expect(filtersToSearchParams(filters, 2).toString()).toBe('q=a&page=2');
  });
});

describe('the count on the phone Filters button', () => {
  it('counts each narrowing filter once, not the search and not a bound that does not apply', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, q: 'ada' })).toBe(0);
    expect(
      activeFilterCount({
        ...DEFAULT_FILTERS,
        email: 'with',
        category: ['Food', 'Art'],
        followersMin: '100',
        followersMax: 'abc',
      }),
    ).toBe(3);
  });
});

describe('the hint under a range filter', () => {
  it('says when a bound is not applied, or when the range cannot match', () => {
    expect(rangeHint('', '')).toBeNull();
    expect(rangeHint('10', '')).toBeNull();
    expect(rangeHint('10', '10')).toBeNull();
    expect(rangeHint('-5', '')).toBe(RANGE_NOT_A_NUMBER);
    expect(rangeHint('', '1.5')).toBe(RANGE_NOT_A_NUMBER);
    expect(rangeHint('100', '20')).toBe(RANGE_MIN_ABOVE_MAX);
    expect(rangeHint('9', '10')).toBeNull();
  });
});
