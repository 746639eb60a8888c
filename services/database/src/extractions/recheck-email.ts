import type { TEventBus } from '@prospector/bus';
import {
  AppError,
  BILLING_RPC,
  EMAIL_CHECK_UNAVAILABLE,
  EMAIL_RECHECK_INTERVAL_MS,
  EXTRACTION_NOT_FOUND,
  EXTRACTOR_RPC,
  extractionChargeReference,
  NO_EMAIL_TO_CHECK,
  readExtractionData,
  recheckTooSoonMessage,
  type TEmailCheck,
  type TExtractionDetail,
  type TRefundResponse,
  ZEmailCheckSchema,
} from '@prospector/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { extractions } from '../db/schema.ts';
import { toExtractionDetail } from './get-extraction.ts';

export interface TRecheckDeps {
  db: PostgresJsDatabase<Record<string, never>>;
  bus: Pick<TEventBus, 'request'>;
}

/** The check may probe a mail server: give it longer than a plain request. */
const CHECK_TIMEOUT_MS = 30_000;

/**
 * Checks a saved e-mail again, for free, at most once a day (docs/architecture.md §14): the extractor
 * checks it (`rpc.extractor.check-email`); if it is now undeliverable and the record cost a credit,
 * billing refunds it (once per capture, whoever asks). The day is claimed before the check and given
 * back if the check or the refund could not be made, so a failure costs the user nothing.
 */
export async function recheckEmail(
  deps: TRecheckDeps,
  { userId, id }: { userId: string; id: string },
): Promise<TExtractionDetail> {
  const own = and(eq(extractions.userId, userId), eq(extractions.id, id));
  const [row] = await deps.db.select().from(extractions).where(own);
  if (!row) throw new AppError('NOT_FOUND', EXTRACTION_NOT_FOUND);
  const email = readExtractionData(row.extractionData, row.instagramUsername).public_email;
  if (!email) throw new AppError('BAD_REQUEST', NO_EMAIL_TO_CHECK);

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
  const giveBackTheDay = () =>
    deps.db
      .update(extractions)
      .set({ emailRecheckedAt: row.emailRecheckedAt })
      .where(and(own, eq(extractions.emailRecheckedAt, claimedAt)));

  let verdict: TEmailCheck;
  let creditsUsed = row.creditsUsed;
  try {
    verdict = ZEmailCheckSchema.parse(
      await deps.bus.request(EXTRACTOR_RPC.checkEmail, { email }, { timeoutMs: CHECK_TIMEOUT_MS }),
    );
    if (verdict.status === 'undeliverable' && row.creditsUsed > 0 && row.runId && row.itemId) {
      const refund = await deps.bus.request<unknown, TRefundResponse>(BILLING_RPC.refund, {
        userId,
        chargeReference: extractionChargeReference(row.runId, row.itemId, row.instagramUsername),
        email,
        reason: verdict.reason,
      });
      if (refund.outcome !== 'not_charged') creditsUsed = 0;
    }
  } catch (error) {
    await giveBackTheDay();
    if (error instanceof AppError && error.code !== 'UNAVAILABLE' && error.code !== 'INTERNAL') throw error;
    throw new AppError('UNAVAILABLE', EMAIL_CHECK_UNAVAILABLE);
  }

  const [updated] = await deps.db
    .update(extractions)
    .set({ emailStatus: verdict.status, emailCheck: verdict, creditsUsed })
    .where(own)
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', EXTRACTION_NOT_FOUND);
  return toExtractionDetail(updated);
}
