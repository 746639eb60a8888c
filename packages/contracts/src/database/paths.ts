/** The database service's HTTP paths (one table for both sides of the wire). */
export const DATABASE_PATHS = {
  stats: '/api/database/stats',
  extractions: '/api/database/extractions',
  extraction: '/api/database/extractions/:id',
  deleteExtractions: '/api/database/extractions/delete',
  /** CSV download: the list's filters (and optionally `ids`), rows with an e-mail only. */
  exportExtractions: '/api/database/extractions/export',
  categories: '/api/database/categories',
} as const;

/** A detail or delete path for one record. */
export const extractionPath = (id: string): string =>
  DATABASE_PATHS.extraction.replace(':id', encodeURIComponent(id));
