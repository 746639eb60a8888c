import { DATABASE_ENDPOINTS, type TLeadList } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useLeadListsChange } from './lead-list-keys.ts';

/** `PATCH /api/database/lists/:listId`: renames the list. */
export const renameLeadList = ({ listId, name }: { listId: string; name: string }): Promise<TLeadList> =>
  callEndpoint(DATABASE_ENDPOINTS.renameLeadList, { params: { listId }, body: { name } });

export const useRenameLeadList = (listId: string) =>
  useLeadListsChange((name: string) => renameLeadList({ listId, name }));
