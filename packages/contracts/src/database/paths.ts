/** The CSV export, also fetched where no endpoint schema is loaded (the trial-expired screen). */
export const EXTRACTIONS_EXPORT_PATH = '/api/database/extractions/export';
