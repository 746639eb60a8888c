import { extractionFiltersFromSearchParams, type TExtractionFilters } from '@prospector/contracts';
import { useSearchParams } from '@prospector/router';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  draftFromFilters,
  FILTER_DEBOUNCE_MS,
  filtersFromDraft,
  filtersToSearchParams,
  pageFromSearchParams,
  sameFilters,
  type TFilterDraft,
  TYPED_FIELDS,
} from '../extraction-filters.ts';

/**
 * The page's filters and page number, kept in the URL's search parameters so they survive a reload
 * and the Back button. Answers the committed filters typed (the same object until they change, so a
 * page change keeps it) and the form's draft. Selects apply at once; typed fields after a pause of
 * FILTER_DEBOUNCE_MS. Any filter change goes back to page 1.
 */
export function useExtractionFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The committed filters in the address (any that do not parse are dropped).
  const inAddress = extractionFiltersFromSearchParams(searchParams);
  const page = pageFromSearchParams(searchParams);
  const [draft, setDraft] = useState(() => draftFromFilters(inAddress));
  const committed = useRef(inAddress);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL's filters, as the same object while they stay the same.
  const filters: TExtractionFilters = sameFilters(inAddress, committed.current)
    ? committed.current
    : inAddress;
  // The URL changed by other means (Back, a link): the form follows it.
  useEffect(() => {
    if (filters === committed.current) return;
    committed.current = filters;
    clearTimeout(timer.current);
    setDraft(draftFromFilters(filters));
  }, [filters]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = useCallback(
    (next: TFilterDraft) => {
      const nextFilters = filtersFromDraft(next);
      if (sameFilters(nextFilters, committed.current)) return;
      committed.current = nextFilters;
      setSearchParams(filtersToSearchParams(nextFilters), { replace: true });
    },
    [setSearchParams],
  );

  const update = useCallback(
    (next: TFilterDraft) => {
      setDraft((previous) => {
        const typed = TYPED_FIELDS.some((key) => previous[key] !== next[key]);
        clearTimeout(timer.current);
        if (typed) timer.current = setTimeout(() => commit(next), FILTER_DEBOUNCE_MS);
        else commit(next);
        return next;
      });
    },
    [commit],
  );

  const setPage = useCallback(
    (next: number) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next > 1) params.set('page', String(next));
          else params.delete('page');
          return params;
        },
        { replace: false },
      ),
    [setSearchParams],
  );

  return { draft, filters, page, update, setPage };
}
