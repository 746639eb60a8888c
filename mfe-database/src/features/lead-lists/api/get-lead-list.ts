import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';
import { leadListQueryKey } from './lead-list-keys.ts';

/** `GET /api/database/lists/:listId`: the list and its counts (404 "List not found"). */
export const useLeadList = (listId: string) =>
  useQuery({
    queryKey: leadListQueryKey(listId),
    queryFn: ({ signal }) => callEndpoint(DATABASE_ENDPOINTS.leadList, { params: { listId } }, { signal }),
  });
