import { optOutInForce, type TDatabase } from '@prospector/db';
import { createOptOutKeys, type TOptOutKeys } from '@prospector/service-kit';
import { and, inArray, or } from 'drizzle-orm';
import { optOuts } from '../db/schema.ts';

/**
 * The suppression list as every part of the extractor asks it (docs/architecture.md §15): before any
 * provider call for an account, and on what a fetch found, so an account whose owner opted out is never
 * fetched, charged or recorded, whichever process or mode works on it. An unconfirmed request counts
 * until it lapses (30 days); a confirmed one for good.
 */
export function createOptOutCheck(db: TDatabase['db'], keys: TOptOutKeys = createOptOutKeys()) {
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
