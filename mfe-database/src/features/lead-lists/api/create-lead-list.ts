import { createLeadList } from '@prospector/web-data';
import { useLeadListsChange } from './query-keys.ts';

/** `POST /api/database/lists` (its fetcher, `createLeadList`, is shared with the Add to list dialog). */
export const useCreateLeadList = () => useLeadListsChange((name: string) => createLeadList(name));
