import { readExtractionData, type TExtractionDetail } from '@prospector/contracts';
import { and, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { extractions } from '../db/schema.ts';

/** One of the user's records with its whole profile; null when it is not theirs or not there. */
export async function getExtraction(
  db: PostgresJsDatabase<Record<string, never>>,
  userId: string,
  id: string,
): Promise<TExtractionDetail | null> {
  const [row] = await db
    .select()
    .from(extractions)
    .where(and(eq(extractions.userId, userId), eq(extractions.id, id)));
  if (!row) return null;
  return {
    id: row.id,
    username: row.instagramUsername,
    emailFound: row.emailFound,
    creditsUsed: row.creditsUsed,
    createdAt: row.createdAt.toISOString(),
    emailSourceUrl: row.emailSourceUrl,
    // The column holds what readExtractionData read when the record was stored (or the backfill read).
    profile: {
      ...readExtractionData(row.extractionData, row.instagramUsername),
      other_emails: row.otherEmails,
    },
  };
}
