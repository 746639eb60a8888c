import type { TLogger, TStoppable } from '@prospector/service-kit';
import { startSweepLoop } from '@prospector/service-kit';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { subscriptions } from '../db/schema.ts';
import type { TLedgerDb } from '../ledger/ledger-db.ts';
import type { TPaymentProvider } from './payment-provider.ts';
import { PAYING_STATUSES } from './subscription-view.ts';

export const DEFAULT_SUBSCRIPTION_SWEEP_INTERVAL_MS = 30_000;

/** How many lapsed subscriptions one pass ends; the next pass takes the rest. */
const PASS_LIMIT = 100;

/**
 * Sandbox only. Stripe ends a subscription cancelled at period end by sending
 * `customer.subscription.deleted` once the period is over; the sandbox has nobody to send it, so this
 * has the sandbox provider send it, through the same webhook handling.
 */
export async function endLapsedSubscriptions(
  db: TLedgerDb,
  sandbox: Pick<TPaymentProvider, 'cancelNow'>,
  now: () => Date,
): Promise<number> {
  const lapsed = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.cancelAtPeriodEnd, true),
        inArray(subscriptions.status, [...PAYING_STATUSES]),
        lte(subscriptions.currentPeriodEnd, now()),
      ),
    )
    .limit(PASS_LIMIT);
  for (const row of lapsed) await sandbox.cancelNow(row);
  return lapsed.length;
}

/**
 * A sandbox payment taken this long ago and still not applied is left to the sweeper: its own Pay
 * request has died or failed by then (the one in flight applies it itself).
 */
export const TAKEN_PAYMENT_GRACE_MS = 60_000;

/**
 * Every `intervalMs`: asks the provider again to cancel replaced subscriptions it refused before,
 * and (sandbox) applies payments taken but not applied and ends the subscriptions whose cancelled
 * period is over.
 */
export function startSubscriptionSweeper(
  payments: {
    cancelPendingReplaced(): Promise<number>;
    endLapsedSubscriptions?: () => Promise<number>;
    applyTakenPayments?: (graceMs?: number) => Promise<number>;
  },
  options: { logger: TLogger; intervalMs?: number },
): TStoppable {
  const { logger } = options;
  return startSweepLoop(async () => {
    await applyTakenPayments(payments, options.logger, TAKEN_PAYMENT_GRACE_MS);
    try {
      const cancelled = await payments.cancelPendingReplaced();
      if (cancelled > 0) logger.info('replaced subscriptions cancelled', { count: cancelled });
    } catch (error) {
      logger.error('cancelling replaced subscriptions failed', { error });
    }
    try {
      const ended = (await payments.endLapsedSubscriptions?.()) ?? 0;
      if (ended > 0) logger.info('lapsed subscriptions ended', { count: ended });
    } catch (error) {
      logger.error('ending lapsed subscriptions failed', { error });
    }
  }, options.intervalMs ?? DEFAULT_SUBSCRIPTION_SWEEP_INTERVAL_MS);
}

/**
 * Sandbox only: applies the payments taken at least `graceMs` ago but not applied; on start (grace 0)
 * that is every payment a crash interrupted. Failures are logged; the next sweep tries again.
 */
export async function applyTakenPayments(
  payments: { applyTakenPayments?: (graceMs?: number) => Promise<number> },
  logger: TLogger,
  graceMs = 0,
): Promise<void> {
  try {
    const applied = (await payments.applyTakenPayments?.(graceMs)) ?? 0;
    if (applied > 0) logger.info('sandbox payments applied after an interruption', { count: applied });
  } catch (error) {
    logger.error('applying sandbox payments failed', { error });
  }
}
