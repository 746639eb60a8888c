import type { TDatabase } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';

/**
 * Which of `usernames` the workspace has saved now, whoever extracted them (a deleted record no longer
 * counts), in the order asked: the "already extracted" rule, one credit per workspace and account.
 */
export async function extractedUsernames(
  db: TDatabase['db'],
  { ownerKey, usernames }: { ownerKey: string; usernames: readonly string[] },
): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .select({ username: extractions.instagramUsername })
    .from(extractions)
    .where(and(eq(extractions.ownerKey, ownerKey), inArray(extractions.instagramUsername, [...usernames])));
  const saved = new Set(rows.map((row) => row.username));
  return usernames.filter((username) => saved.has(username));
}
