import { and, eq, inArray } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { extractions } from '../db/schema.ts';

/**
 * Deletes those of `ids` that are the user's own records and says how many went; another user's ids
 * are left alone and simply not counted. A deleted username can be extracted again.
 */
export async function deleteExtractions(
  db: PostgresJsDatabase<Record<string, never>>,
  userId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .delete(extractions)
    .where(and(eq(extractions.userId, userId), inArray(extractions.id, [...ids])))
    .returning({ id: extractions.id });
  return deleted.length;
}
