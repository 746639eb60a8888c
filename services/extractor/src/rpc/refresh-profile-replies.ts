import type { TEventBus, TSubscription } from '@prospector/bus';
import { AppError, EXTRACTOR_RPC } from '@prospector/contracts';
import { fetchUnlessOptedOut } from '../runs/fetch-unless-opted-out.ts';
import type { TRunDeps } from '../runs/run-deps.ts';

/**
 * The database service's re-check of a saved record (docs/architecture.md §15): the account's profile as
 * it is now, fetched the way a run fetches it (suppression list first, then the provider past its cache,
 * then the linked websites when the profile shows no e-mail), but outside any run: nothing is held,
 * captured or recorded. A provider failure answers UNAVAILABLE, so the database gives the user's day back.
 */
export function answerProfileRefreshes(
  deps: Pick<TRunDeps, 'db' | 'provider' | 'websites' | 'optOuts'>,
  bus: TEventBus,
): Promise<TSubscription> {
  return bus.reply(EXTRACTOR_RPC.refreshProfile, async ({ userId, username }) => {
    const result = await fetchUnlessOptedOut(deps, username, { websites: true, userId, fresh: true });
    switch (result.outcome) {
      case 'opted_out':
        return { outcome: 'opted_out' };
      case 'no_data':
        return { outcome: 'not_found' };
      case 'email_found':
      case 'no_email':
        if (result.profile) return { outcome: 'found', profile: result.profile };
        break;
    }
    throw new AppError('UNAVAILABLE', result.message ?? 'The profile could not be fetched');
  });
}
