import type { TDatabase } from '@prospector/db';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';

/** The distinct categories among the workspace's records, sorted (the category filter's choices). */
export async function listCategories(db: TDatabase['db'], ownerKey: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: extractions.category })
    .from(extractions)
    .where(and(eq(extractions.ownerKey, ownerKey), isNotNull(extractions.category)))
    .orderBy(asc(extractions.category));
  return rows.flatMap((row) => (row.category === null ? [] : [row.category]));
}
