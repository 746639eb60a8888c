import { useSearchParams } from '@prospector/router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  draftFromSearchParams,
  draftToSearchParams,
  FILTER_DEBOUNCE_MS,
  pageFromSearchParams,
  type TFilterDraft,
  TYPED_FIELDS,
} from './extraction-filters.ts';

/**
 * The page's filters and page number, kept in the URL's search parameters so they survive a reload
 * and the Back button. Selects apply at once; typed fields after a pause of FILTER_DEBOUNCE_MS. Any
 * filter change goes back to page 1.
 */
export function useExtractionFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filtersQuery = useMemo(
    () => draftToSearchParams(draftFromSearchParams(searchParams)).toString(),
    [searchParams],
  );
  const page = pageFromSearchParams(searchParams);
  const [draft, setDraft] = useState(() => draftFromSearchParams(searchParams));
  const committed = useRef(filtersQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL changed by other means (Back, a link): the form follows it.
  useEffect(() => {
    if (filtersQuery === committed.current) return;
    committed.current = filtersQuery;
    clearTimeout(timer.current);
    setDraft(draftFromSearchParams(new URLSearchParams(filtersQuery)));
  }, [filtersQuery]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = useCallback(
    (next: TFilterDraft) => {
      const query = draftToSearchParams(next).toString();
      if (query === committed.current) return;
      committed.current = query;
      setSearchParams(new URLSearchParams(query), { replace: true });
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

  return { draft, filtersQuery, page, update, setPage };
}
