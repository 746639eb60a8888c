import { DATABASE_ENDPOINTS, type TRemoveLeadListMembersResponse } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useLeadListsChange } from './query-keys.ts';

/** `POST /api/database/lists/:listId/members/remove`: takes records out of the list (they stay saved). */
export const useRemoveLeadListMembers = (listId: string) =>
  useLeadListsChange(
    (ids: readonly string[]): Promise<TRemoveLeadListMembersResponse> =>
      callEndpoint(DATABASE_ENDPOINTS.removeLeadListMembers, { params: { listId }, body: { ids: [...ids] } }),
  );
