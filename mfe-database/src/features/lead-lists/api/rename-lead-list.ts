import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useLeadListsChange } from './query-keys.ts';

/** `PATCH /api/database/lists/:listId`: renames the list. */
export const useRenameLeadList = (listId: string) =>
  useLeadListsChange((name: string) =>
    callEndpoint(DATABASE_ENDPOINTS.renameLeadList, { params: { listId }, body: { name } }),
  );
