import { optedOutMessage } from '@prospector/contracts';
import { optOutInForce } from '@prospector/db';
import { createOptOutKeys, type TOptOutKeys } from '@prospector/service-kit';
import { and, inArray, or } from 'drizzle-orm';
import { optOuts } from '../db/schema.ts';
import { fetchItemResult, itemResult, type TItemResult } from '../runs/fetch-item-result.ts';
import type { TRunDeps } from '../runs/run-deps.ts';
import type { TExtractorDb } from '../runs/run-reads.ts';

/**
 * The suppression list as every part of the extractor asks it (docs/architecture.md §15): before any
 * provider call for an account, and on what a fetch found, so an account whose owner opted out is never
 * fetched, charged or recorded, whichever process or mode works on it. An unconfirmed request counts
 * until it lapses (30 days); a confirmed one for good.
 */
export function createOptOutCheck(db: TExtractorDb, keys: TOptOutKeys = createOptOutKeys()) {
  return {
    keys,
    /** Which of these usernames (normalised) or e-mails belong to people who opted out. */
    async optedOut(usernames: readonly string[], emails: readonly string[] = []): Promise<Set<string>> {
      const byKey = new Map<string, string>();
      for (const name of usernames) {
        const key = keys.username(name);
        if (key) byKey.set(key, name);
      }
      const byEmailKey = new Map<string, string>();
      for (const email of emails) {
        const key = keys.email(email);
        if (key) byEmailKey.set(key, email);
      }
      if (byKey.size === 0 && byEmailKey.size === 0) return new Set();
      const conditions = [
        ...(byKey.size > 0 ? [inArray(optOuts.usernameKey, [...byKey.keys()])] : []),
        ...(byEmailKey.size > 0 ? [inArray(optOuts.emailKey, [...byEmailKey.keys()])] : []),
      ];
      const rows = await db
        .select({ usernameKey: optOuts.usernameKey, emailKey: optOuts.emailKey })
        .from(optOuts)
        .where(and(optOutInForce(optOuts), or(...conditions)));
      const found = new Set<string>();
      for (const row of rows) {
        const name = byKey.get(row.usernameKey);
        if (name) found.add(name);
        const email = row.emailKey ? byEmailKey.get(row.emailKey) : undefined;
        if (email) found.add(email);
      }
      return found;
    },
  };
}

export type TOptOutCheck = ReturnType<typeof createOptOutCheck>;

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
