import { ACCOUNT_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useEndSession } from '../../../api/sign-out.ts';

/**
 * `DELETE /api/account/me`: erases the account and its data everywhere and ends the session. `onDeleted`
 * leaves the signed-in pages before the cache forgets the user.
 */
export const useDeleteAccount = ({ onDeleted }: { onDeleted: () => void | Promise<void> }) =>
  useEndSession(() => callEndpoint(ACCOUNT_ENDPOINTS.eraseAccount), onDeleted);
