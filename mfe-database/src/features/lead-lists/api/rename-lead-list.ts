import { leadListPath, type TLeadList, ZLeadListSchema } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useLeadListsChange } from './lead-list-keys.ts';

/** `PATCH /api/database/lists/:listId`: renames the list. */
export const renameLeadList = async ({
  listId,
  name,
}: {
  listId: string;
  name: string;
}): Promise<TLeadList> =>
  ZLeadListSchema.parse(await apiRequest(leadListPath(listId), { method: 'PATCH', body: { name } }));

export const useRenameLeadList = (listId: string) =>
  useLeadListsChange((name: string) => renameLeadList({ listId, name }));
