import { DATABASE_ENDPOINTS } from '@prospector/contracts';

/** The list's CSV: the Database export (the spec's format) of its members with an e-mail. */
export const leadListExportUrl = (listId: string) =>
  `${DATABASE_ENDPOINTS.exportCsv.path}?${new URLSearchParams({ list: listId })}`;
