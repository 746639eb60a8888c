import {
  emailSourceUrlOf,
  limitProfileText,
  readExtractionData,
  type TExtractionRecorded,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import type { TOptOutKeys } from '@prospector/service-kit';
import { eq, sql } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';
import { isOptedOut } from '../opt-outs/apply-opt-out.ts';
import type { TActor } from './extraction-actor.ts';
import { typedColumns } from './typed-columns.ts';

/**
 * Stores one extracted profile, unless its account's owner opted out (a run under way when they did),
 * idempotently: the same run item twice is one row, and a second record for a username the workspace
 * already has (two runs racing, of one member or two) replaces it only when newer, so each workspace
 * keeps one row per username. `actor.userId` is the member whose run extracted it. Never fails on a
 * duplicate. Provider texts are capped and cleaned on the way in. `recordedAt`, when the extractor
 * recorded it, is the record's date and tells which of two records is the newer.
 */
export async function recordExtraction(
  db: TDatabase['db'],
  {
    optOutKeys,
    actor: { ownerKey, userId },
    recorded,
    recordedAt,
  }: { optOutKeys: TOptOutKeys; actor: TActor; recorded: TExtractionRecorded; recordedAt: Date },
) {
  const email = recorded.extractionData.public_email ?? null;
  if (await isOptedOut(db, optOutKeys, recorded.username, email)) return 'opted_out' as const;
  const [seen] = await db
    .select({ id: extractions.id })
    .from(extractions)
    .where(eq(extractions.itemId, recorded.itemId))
    .limit(1);
  if (seen) return 'duplicate' as const;

  // The extractor caps provider texts already; a record from anywhere else is capped here too, so no
  // event can fill the table, the pages or the exports (PROFILE_TEXT_LIMITS in the contracts).
  const extractionData = limitProfileText(recorded.extractionData, recorded.username);
  // Read through the same function as stored records, so what is filtered is what is displayed.
  const data = readExtractionData(extractionData, recorded.username);
  const columns = typedColumns(data);
  const row = {
    ownerKey,
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
    ...columns,
    // The verdict's role flag agrees with the record's, both read from the address (`email_role`).
    emailCheck: recorded.emailCheck ? { ...recorded.emailCheck, role: columns.emailRole === true } : null,
    emailSourceUrl: emailSourceUrlOf(data),
  };
  const [result] = await db
    .insert(extractions)
    .values(row)
    .onConflictDoUpdate({
      target: [extractions.ownerKey, extractions.instagramUsername],
      set: {
        userId: sql`excluded.user_id`,
        emailFound: sql`excluded.email_found`,
        creditsUsed: sql`excluded.credits_used`,
        extractionData: sql`excluded.extraction_data`,
        createdAt: sql`excluded.created_at`,
        refreshedAt: sql`excluded.refreshed_at`,
        itemId: sql`excluded.item_id`,
        fullName: sql`excluded.full_name`,
        publicEmail: sql`excluded.public_email`,
        emailRole: sql`excluded.email_role`,
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
  if (!result) return 'duplicate' as const;
  return result.inserted ? ('inserted' as const) : ('replaced' as const);
}
