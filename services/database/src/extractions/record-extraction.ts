import {
  emailSourceUrlOf,
  limitProfileText,
  readExtractionData,
  type TExtractionRecorded,
} from '@prospector/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { extractions } from '../db/schema.ts';
import { typedColumns } from './typed-columns.ts';

export interface TRecordExtractionInput {
  userId: string;
  recorded: TExtractionRecorded;
  /** When the extractor recorded it: the record's date, and which of two records is the newer. */
  recordedAt: Date;
}

export type TRecordOutcome = 'inserted' | 'replaced' | 'duplicate';

/**
 * Stores one extracted profile, idempotently: the same run item twice is one row, and a second record
 * for a username the user already has (two runs racing) replaces it only when newer, so each user keeps
 * one row per username. Never fails on a duplicate. Provider texts are capped and cleaned on the way in.
 */
export async function recordExtraction(
  db: PostgresJsDatabase<Record<string, never>>,
  { userId, recorded, recordedAt }: TRecordExtractionInput,
): Promise<TRecordOutcome> {
  const [seen] = await db
    .select({ id: extractions.id })
    .from(extractions)
    .where(eq(extractions.itemId, recorded.itemId))
    .limit(1);
  if (seen) return 'duplicate';

  // The extractor caps provider texts already; a record from anywhere else is capped here too, so no
  // event can fill the table, the pages or the exports (PROFILE_TEXT_LIMITS in the contracts).
  const extractionData = limitProfileText(recorded.extractionData, recorded.username);
  // Read through the same function as stored records, so what is filtered is what is displayed.
  const data = readExtractionData(extractionData, recorded.username);
  const row = {
    userId,
    instagramUsername: recorded.username,
    emailFound: recorded.emailFound,
    creditsUsed: recorded.creditsUsed,
    extractionData: extractionData as Record<string, unknown>,
    createdAt: recordedAt,
    refreshedAt: recordedAt,
    itemId: recorded.itemId,
    runId: recorded.runId,
    emailStatus: recorded.emailCheck?.status ?? null,
    emailCheck: recorded.emailCheck ?? null,
    ...typedColumns(data),
    emailSourceUrl: emailSourceUrlOf(data),
  };
  const [result] = await db
    .insert(extractions)
    .values(row)
    .onConflictDoUpdate({
      target: [extractions.userId, extractions.instagramUsername],
      set: {
        emailFound: sql`excluded.email_found`,
        creditsUsed: sql`excluded.credits_used`,
        extractionData: sql`excluded.extraction_data`,
        createdAt: sql`excluded.created_at`,
        refreshedAt: sql`excluded.refreshed_at`,
        itemId: sql`excluded.item_id`,
        fullName: sql`excluded.full_name`,
        publicEmail: sql`excluded.public_email`,
        followerCount: sql`excluded.follower_count`,
        followingCount: sql`excluded.following_count`,
        mediaCount: sql`excluded.media_count`,
        isVerified: sql`excluded.is_verified`,
        isPrivate: sql`excluded.is_private`,
        category: sql`excluded.category`,
        biography: sql`excluded.biography`,
        otherEmails: sql`excluded.other_emails`,
        emailSourceUrl: sql`excluded.email_source_url`,
        runId: sql`excluded.run_id`,
        emailStatus: sql`excluded.email_status`,
        emailCheck: sql`excluded.email_check`,
        emailRecheckedAt: sql`null`,
      },
      // The newer record wins; the same item delivered twice at once changes nothing.
      setWhere: sql`${extractions.itemId} is distinct from excluded.item_id and ${extractions.createdAt} <= excluded.created_at`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!result) return 'duplicate';
  return result.inserted ? 'inserted' : 'replaced';
}
