import { and, eq, inArray } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { extractions } from '../db/schema.ts';

/** Which of `usernames` the user has saved now (a deleted record no longer counts). */
export async function findExtracted(
  db: PostgresJsDatabase<Record<string, never>>,
  userId: string,
  usernames: readonly string[],
): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .select({ username: extractions.instagramUsername })
    .from(extractions)
    .where(and(eq(extractions.userId, userId), inArray(extractions.instagramUsername, [...usernames])));
  const saved = new Set(rows.map((row) => row.username));
  return usernames.filter((username) => saved.has(username));
}
