/** The database service's HTTP paths (one table for both sides of the wire). */
export const DATABASE_PATHS = {
  stats: '/api/database/stats',
  extractions: '/api/database/extractions',
  extraction: '/api/database/extractions/:id',
  deleteExtractions: '/api/database/extractions/delete',
  /** CSV download: the list's filters (and optionally `ids`), rows with an e-mail only. */
  exportExtractions: '/api/database/extractions/export',
  categories: '/api/database/categories',
  /** Check a saved e-mail again (free, at most once a day); refunds its credit if now undeliverable. */
  recheckExtraction: '/api/database/extractions/:id/recheck',
  /** How many of the user's records were removed after their owners opted out. */
  optOutRemovals: '/api/database/opt-out-removals',
  /** The user's lead lists (named sets of saved records): list and create. */
  leadLists: '/api/database/lists',
  /** One lead list: read, rename, delete. */
  leadList: '/api/database/lists/:listId',
  /** A list's members: one page of them, or add saved records to it. */
  leadListMembers: '/api/database/lists/:listId/members',
  /** Take records out of a list (the records themselves stay saved). */
  removeLeadListMembers: '/api/database/lists/:listId/members/remove',
} as const;

/** A detail or delete path for one record. */
export const extractionPath = (id: string): string =>
  DATABASE_PATHS.extraction.replace(':id', encodeURIComponent(id));

export const recheckExtractionPath = (id: string): string =>
  DATABASE_PATHS.recheckExtraction.replace(':id', encodeURIComponent(id));

const listPathOf = (path: string, listId: string): string =>
  path.replace(':listId', encodeURIComponent(listId));
export const leadListPath = (listId: string): string => listPathOf(DATABASE_PATHS.leadList, listId);
export const leadListMembersPath = (listId: string): string =>
  listPathOf(DATABASE_PATHS.leadListMembers, listId);
export const removeLeadListMembersPath = (listId: string): string =>
  listPathOf(DATABASE_PATHS.removeLeadListMembers, listId);
