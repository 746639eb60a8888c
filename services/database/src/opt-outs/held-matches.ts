import type { TDatabase } from '@prospector/db';
import type { TOptOutKeys } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';

type TDb = TDatabase['db'];

/**
 * The saved usernames and (lower-cased) e-mails that match an opt-out's keyed hashes, each pair once.
 * The hashes cannot be reversed: what is held is hashed and compared.
 */
export async function findHeldMatches(
  db: TDb,
  keys: TOptOutKeys,
  { usernameKey, emailKey }: { usernameKey: string; emailKey: string | null },
): Promise<{
  usernames: Set<string>;
  emails: Set<string>;
  pairs: Array<{ username: string; email: string | null }>;
}> {
  const held = await db.execute<{ username: string; email: string | null }>(sql`
    select distinct instagram_username as username, lower(trim(public_email)) as email from ${extractions}`);
  const usernames = new Set<string>();
  const emails = new Set<string>();
  const pairs: Array<{ username: string; email: string | null }> = [];
  for (const row of held) {
    const byName = keys.username(row.username) === usernameKey;
    const byEmail = emailKey !== null && Boolean(row.email) && keys.email(row.email) === emailKey;
    if (byName) usernames.add(row.username);
    if (byEmail && row.email) emails.add(row.email);
    if (byName || byEmail) pairs.push(row);
  }
  return { usernames, emails, pairs };
}
