import {
  EMAIL_RECHECK_INTERVAL_MS,
  readExtractionData,
  recordExpiresAt,
  type TExtractionDetail,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';

/** One of the workspace's records with its whole profile; null when it is not its own or not there. */
export async function getExtraction(
  db: TDatabase['db'],
  { ownerKey, id, retentionMonths }: { ownerKey: string; id: string; retentionMonths: number },
): Promise<TExtractionDetail | null> {
  const [row] = await db
    .select()
    .from(extractions)
    .where(and(eq(extractions.ownerKey, ownerKey), eq(extractions.id, id)));
  return row ? toExtractionDetail(row, { retentionMonths }) : null;
}

/** A stored row as the detail view reads it. */
export function toExtractionDetail(
  row: typeof extractions.$inferSelect,
  { retentionMonths, now = Date.now() }: { retentionMonths: number; now?: number },
): TExtractionDetail {
  const profile = readExtractionData(row.extractionData, row.instagramUsername);
  const nextRecheck = row.emailRecheckedAt ? row.emailRecheckedAt.getTime() + EMAIL_RECHECK_INTERVAL_MS : 0;
  return {
    id: row.id,
    username: row.instagramUsername,
    emailFound: row.emailFound,
    creditsUsed: row.creditsUsed,
    createdAt: row.createdAt.toISOString(),
    emailSourceUrl: row.emailSourceUrl,
    // The column holds what readExtractionData read when the record was stored (or the backfill read).
    profile: { ...profile, other_emails: row.otherEmails },
    emailCheck: profile.public_email ? row.emailCheck : null,
    recheckAvailableAt: nextRecheck > now ? new Date(nextRecheck).toISOString() : null,
    refreshedAt: row.refreshedAt.toISOString(),
    expiresAt: recordExpiresAt(row.refreshedAt, retentionMonths)?.toISOString() ?? null,
    retentionMonths,
    extractedBy: row.userId,
  };
}
