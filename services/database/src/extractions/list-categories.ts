import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { extractions } from '../db/schema.ts';

/** The distinct categories among the user's own records, sorted (the category filter's choices). */
export async function listCategories(
  db: PostgresJsDatabase<Record<string, never>>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: extractions.category })
    .from(extractions)
    .where(and(eq(extractions.userId, userId), isNotNull(extractions.category)))
    .orderBy(asc(extractions.category));
  return rows.flatMap((row) => (row.category === null ? [] : [row.category]));
}
