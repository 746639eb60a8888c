import type { TDatabase } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';

/**
 * Deletes those of `ids` that are the workspace's records and says how many went; another workspace's
 * ids are left alone and simply not counted. A deleted username can be extracted again.
 */
export async function deleteExtractions(
  db: TDatabase['db'],
  { ownerKey, ids }: { ownerKey: string; ids: readonly string[] },
): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .delete(extractions)
    .where(and(eq(extractions.ownerKey, ownerKey), inArray(extractions.id, [...ids])))
    .returning({ id: extractions.id });
  return deleted.length;
}
