import { optedOutMessage } from '@prospector/contracts';
import { createOptOutCheck } from '../opt-outs/opt-out-check.ts';
import { fetchItemResult, itemResult, type TItemResult } from './fetch-item-result.ts';
import type { TRunDeps } from './run-deps.ts';

/** The item result of an account whose owner opted out: nothing fetched, nothing charged or recorded. */
export const optedOutResult = (username: string) => itemResult('opted_out', optedOutMessage(username));

/**
 * `fetchItemResult` behind the suppression list: an opted-out username is refused before the provider
 * is asked, and a profile whose e-mail was opted out is dropped before anything is charged.
 */
export async function fetchUnlessOptedOut(
  deps: Pick<TRunDeps, 'db' | 'provider' | 'websites' | 'optOuts'>,
  username: string,
  options: { websites: boolean; userId?: string; fresh?: boolean },
): Promise<TItemResult> {
  const check = deps.optOuts ?? createOptOutCheck(deps.db);
  if ((await check.optedOut([username])).size > 0) return optedOutResult(username);
  const fetched = await fetchItemResult(deps, username, options);
  const email = fetched.profile?.public_email;
  if (email && (await check.optedOut([], [email])).size > 0) return optedOutResult(username);
  return fetched;
}
