import type { TEventBus } from '@prospector/bus';
import {
  AppError,
  BILLING_RPC,
  EMAIL_CHECK_UNAVAILABLE,
  EMAIL_RECHECK_INTERVAL_MS,
  EXTRACTION_NOT_FOUND,
  EXTRACTOR_RPC,
  emailSourceUrlOf,
  extractionChargeReference,
  limitProfileText,
  optedOutMessage,
  readExtractionData,
  recheckNotFoundMessage,
  recheckTooSoonMessage,
  type TEmailCheck,
  type TRecheckResult,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';
import { toExtractionDetail } from './get-extraction.ts';
import { mergeRecheckedProfile } from './merge-rechecked-profile.ts';
import { typedColumns } from './typed-columns.ts';

export interface TRecheckDeps {
  db: TDatabase['db'];
  bus: Pick<TEventBus, 'request'>;
  /** RECORD_RETENTION_MONTHS: the renewed record's expiry. */
  retentionMonths: number;
}

/** The fetch may look on the profile's linked websites (10 s) after the provider's retries. */
const REFRESH_TIMEOUT_MS = 45_000;
/** The check may probe a mail server: give it longer than a plain request. */
const CHECK_TIMEOUT_MS = 30_000;

/** Anything but a refusal the user must read becomes "unavailable, try again". */
const unavailable = (error: unknown) =>
  error instanceof AppError && error.code !== 'UNAVAILABLE' && error.code !== 'INTERNAL'
    ? error
    : new AppError('UNAVAILABLE', EMAIL_CHECK_UNAVAILABLE);

/**
 * Re-checks a saved record, for free, at most once a day (docs/product.md §10, docs/architecture.md §14
 * and §15): the extractor fetches the profile again (`rpc.extractor.refresh-profile`: no run, no hold,
 * no capture), the e-mail is checked again (`rpc.extractor.check-email`), and the record takes the fresh
 * data and a new fetch date, so its age starts again and it is kept another retention period. If the
 * e-mail is now undeliverable and cost a credit, billing refunds it (once per capture, whoever asks).
 * The day is claimed first and given back if the fetch, the check or the refund could not be made, so a
 * failure costs the user nothing; an account that no longer exists keeps the claim (it was looked up).
 */
export async function recheckExtraction(
  deps: TRecheckDeps,
  { ownerKey, userId, id }: { ownerKey: string; userId: string; id: string },
): Promise<TRecheckResult> {
  // The workspace's record, whichever member extracted it; `userId` is the member asking.
  const own = and(eq(extractions.ownerKey, ownerKey), eq(extractions.id, id));
  const [row] = await deps.db.select().from(extractions).where(own);
  if (!row) throw new AppError('NOT_FOUND', EXTRACTION_NOT_FOUND);
  const username = row.instagramUsername;

  const giveBackTheDay = await claimTheDay(deps, own, row.emailRecheckedAt);
  // The profile fetched again by the extractor (no run, no hold, no capture).
  const refreshed = await deps.bus
    .request(EXTRACTOR_RPC.refreshProfile, { userId, username }, { timeoutMs: REFRESH_TIMEOUT_MS })
    .catch(async (error: unknown) => {
      await giveBackTheDay();
      throw unavailable(error);
    });
  // Its owner opted out: the opt-out event removes this record (and counts it) in every mode.
  if (refreshed.outcome === 'opted_out') throw new AppError('CONFLICT', optedOutMessage(username));
  if (refreshed.outcome === 'not_found') throw new AppError('CONFLICT', recheckNotFoundMessage(username));

  const saved = readExtractionData(row.extractionData, username);
  const fresh = readExtractionData(
    limitProfileText(refreshed.profile, username) as Record<string, unknown>,
    username,
  );
  const { profile, notice } = mergeRecheckedProfile({ ...saved, other_emails: row.otherEmails }, fresh);

  const email = profile.public_email;
  const { verdict, creditsUsed } = email
    ? await checkAndRefund(deps, { ownerKey, userId }, row, email).catch(async (error: unknown) => {
        await giveBackTheDay();
        throw unavailable(error);
      })
    : { verdict: null, creditsUsed: row.creditsUsed };

  const [updated] = await deps.db
    .update(extractions)
    .set({
      extractionData: profile as Record<string, unknown>,
      ...typedColumns(profile),
      emailSourceUrl: emailSourceUrlOf(profile),
      emailStatus: verdict?.status ?? null,
      emailCheck: verdict,
      creditsUsed,
      refreshedAt: sql`now()`,
    })
    .where(own)
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', EXTRACTION_NOT_FOUND);
  return { ...toExtractionDetail(updated, { retentionMonths: deps.retentionMonths }), notice };
}

/**
 * Claims today's re-check of the record `own` selects, or refuses with when the next one is allowed.
 * Returns the give-back, which restores `previous` while the claim is still this call's.
 */
async function claimTheDay(deps: TRecheckDeps, own: SQL | undefined, previous: Date | null) {
  // A time of this process's making (milliseconds, as stored back), so the give-back finds its own claim.
  const claimedAt = new Date();
  const [claim] = await deps.db
    .update(extractions)
    .set({ emailRecheckedAt: claimedAt })
    .where(
      and(
        own,
        sql`(${extractions.emailRecheckedAt} is null or ${extractions.emailRecheckedAt} <= now() - ${EMAIL_RECHECK_INTERVAL_MS} * interval '1 millisecond')`,
      ),
    )
    .returning({ at: extractions.emailRecheckedAt });
  if (!claim?.at) {
    const [latest] = await deps.db.select({ at: extractions.emailRecheckedAt }).from(extractions).where(own);
    const next = new Date((latest?.at?.getTime() ?? Date.now()) + EMAIL_RECHECK_INTERVAL_MS);
    throw new AppError('RATE_LIMITED', recheckTooSoonMessage(next), {
      recheckAvailableAt: next.toISOString(),
    });
  }
  return () =>
    deps.db
      .update(extractions)
      .set({ emailRecheckedAt: previous })
      .where(and(own, eq(extractions.emailRecheckedAt, claimedAt)));
}

/** The e-mail's new verdict, and the record's credits once an undeliverable one's charge is refunded. */
async function checkAndRefund(
  deps: TRecheckDeps,
  actor: { ownerKey: string; userId: string },
  row: typeof extractions.$inferSelect,
  email: string,
): Promise<{ verdict: TEmailCheck; creditsUsed: number }> {
  const verdict = await deps.bus.request(
    EXTRACTOR_RPC.checkEmail,
    { email },
    { timeoutMs: CHECK_TIMEOUT_MS },
  );
  let creditsUsed = row.creditsUsed;
  if (verdict.status === 'undeliverable' && row.creditsUsed > 0 && row.runId && row.itemId) {
    // The workspace's capture, refunded at the asking member's request.
    const refund = await deps.bus.request(BILLING_RPC.refund, {
      userId: actor.userId,
      ownerKey: actor.ownerKey,
      chargeReference: extractionChargeReference(row.runId, row.itemId, row.instagramUsername),
      email,
      reason: verdict.reason,
    });
    if (refund.outcome !== 'not_charged') creditsUsed = 0;
  }
  return { verdict, creditsUsed };
}
