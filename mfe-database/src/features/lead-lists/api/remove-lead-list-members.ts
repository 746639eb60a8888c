import {
  removeLeadListMembersPath,
  type TRemoveLeadListMembersResponse,
  ZRemoveLeadListMembersResponseSchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useLeadListsChange } from './lead-list-keys.ts';

/** `POST /api/database/lists/:listId/members/remove`: takes records out of the list (they stay saved). */
export const removeLeadListMembers = async ({
  listId,
  ids,
}: {
  listId: string;
  ids: readonly string[];
}): Promise<TRemoveLeadListMembersResponse> =>
  ZRemoveLeadListMembersResponseSchema.parse(
    await apiRequest(removeLeadListMembersPath(listId), { method: 'POST', body: { ids } }),
  );

export const useRemoveLeadListMembers = (listId: string) =>
  useLeadListsChange((ids: readonly string[]) => removeLeadListMembers({ listId, ids }));
