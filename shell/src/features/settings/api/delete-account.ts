import { ACCOUNT_PATHS } from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';
import { useEndSession } from '../../../api/sign-out.ts';

/** Erases the account and its data everywhere and ends the session. */
export const deleteAccount = () => apiRequest<void>(ACCOUNT_PATHS.me, { method: 'DELETE' });

/** `onDeleted` leaves the signed-in pages before the cache forgets the user. */
export const useDeleteAccount = ({ onDeleted }: { onDeleted: () => void | Promise<void> }) =>
  useEndSession(deleteAccount, onDeleted);
