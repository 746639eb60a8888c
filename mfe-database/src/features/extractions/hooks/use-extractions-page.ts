import { useEffect } from 'react';
import { type TExtractionsQuery, useExtractions } from '../api/get-extractions.ts';

/**
 * The list's page under the filters. The server serves the last page when asked for one beyond it
 * (e.g. after deleting its rows): the address follows it.
 */
export function useExtractionsPage(query: TExtractionsQuery, setPage: (page: number) => void) {
  const extractions = useExtractions(query);
  const { data, isPlaceholderData } = extractions;
  useEffect(() => {
    if (data && !isPlaceholderData && data.page !== query.page) setPage(data.page);
  }, [data, isPlaceholderData, query.page, setPage]);
  return extractions;
}
