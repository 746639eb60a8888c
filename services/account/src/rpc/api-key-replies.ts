import type { TEventBus, TSubscription } from '@prospector/bus';
import { ACCOUNT_RPC, type TApiKeyCheckResponse, ZApiKeyCheckRequestSchema } from '@prospector/contracts';
import type { TApiKeyStore } from '../api-keys/api-key-store.ts';

/**
 * `rpc.account.api-key` for every service's `/api/v1` routes: whose the key is and how much of its hourly
 * limit is left. Asked on every request (nothing cached), so a revoked key fails at once everywhere.
 */
export function answerApiKeyChecks(
  store: Pick<TApiKeyStore, 'check'>,
  bus: TEventBus,
): Promise<TSubscription> {
  return bus.reply<unknown, TApiKeyCheckResponse>(ACCOUNT_RPC.apiKey, async (data) => {
    const request = ZApiKeyCheckRequestSchema.safeParse(data);
    if (!request.success) return { status: 'invalid' };
    return store.check(request.data.secret);
  });
}
