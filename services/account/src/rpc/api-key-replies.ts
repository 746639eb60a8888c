import type { TEventBus, TSubscription } from '@prospector/bus';
import { ACCOUNT_RPC } from '@prospector/contracts';
import type { TApiKeyStore } from '../api-keys/api-key-store.ts';

/**
 * `rpc.account.api-key` for every service's `/api/v1` routes: whose the key is and how much of its hourly
 * limit is left. Asked on every request (nothing cached), so a revoked key fails at once everywhere.
 */
export function answerApiKeyChecks(
  store: Pick<TApiKeyStore, 'check'>,
  bus: TEventBus,
): Promise<TSubscription> {
  return bus.reply(ACCOUNT_RPC.apiKey, ({ secret }) => store.check(secret));
}
