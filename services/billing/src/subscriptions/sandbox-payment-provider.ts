import { randomBytes } from 'node:crypto';
import { SANDBOX_CHECKOUT_PATH } from '@prospector/contracts';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { sandboxCheckoutSessions } from '../db/schema.ts';
import type { TLedgerDb } from '../ledger/ledger-db.ts';
import type { TPaymentProvider, TProviderSubscription } from './payment-provider.ts';
import {
  addMonth,
  eventOf,
  purchaseEvents,
  sandboxId,
  subscriptionObject,
  type TSandboxSession,
  type TSubscriptionShape,
} from './sandbox-events.ts';
import type { TSignedEvent, TStripeWebhookHandler } from './stripe-webhook-handler.ts';

export type { TSandboxSession } from './sandbox-events.ts';

/** A sandbox checkout page stays payable this long, like Stripe's (24 h). */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** How many paid sessions one reconciling pass applies; the next pass takes the rest. */
const RECONCILE_LIMIT = 100;

/** A secret the sandbox signs its events with; it lives as long as the process. */
export const createSandboxWebhookSecret = () => `whsec_sandbox_${randomBytes(24).toString('hex')}`;

function toSession(row: typeof sandboxCheckoutSessions.$inferSelect): TSandboxSession {
  const common = {
    id: row.id,
    userId: row.userId,
    email: row.email,
    customerId: row.customerId,
    expiresAt: row.expiresAt,
  };
  if (row.topUpPack) return { ...common, plan: null, topUpPack: row.topUpPack };
  if (!row.plan) throw new Error(`Sandbox session ${row.id} buys nothing`);
  return { ...common, plan: row.plan, topUpPack: null };
}

/** The session `id` of `userId`, not paid and not expired at `at`. */
const isOpen = (id: string, userId: string, at: Date) =>
  and(
    eq(sandboxCheckoutSessions.id, id),
    eq(sandboxCheckoutSessions.userId, userId),
    isNull(sandboxCheckoutSessions.paidAt),
    gt(sandboxCheckoutSessions.expiresAt, at),
  );

export interface TSandboxPaymentProvider extends TPaymentProvider {
  kind: 'sandbox';
  /** The open checkout session of this user: not paid, abandoned or expired. */
  findSession(sessionId: string, userId: string): Promise<TSandboxSession | undefined>;
  /**
   * Completes the purchase: takes the payment, then applies the events a real one produces through
   * the webhook handling. False when the session was paid, abandoned or expired meanwhile.
   */
  pay(session: TSandboxSession): Promise<boolean>;
  /**
   * Delivers a paid session's events again, as a webhook Stripe retries (the same event ids) and as a
   * second event for the same payment (new ids): what billing must absorb without granting twice.
   * Returns how many were delivered; undefined when the session is not this user's or not paid.
   */
  resendEvents(sessionId: string, userId: string): Promise<{ delivered: number } | undefined>;
  /** Abandons the session, as leaving Stripe's page does. */
  abandon(session: TSandboxSession): Promise<void>;
  /**
   * Applies the payments taken but not applied — the process died, or the database failed, between
   * the two — at least `graceMs` ago, and drops the sessions no longer needed. Returns how many it applied.
   */
  reconcile(graceMs?: number): Promise<number>;
}

/**
 * Payments without Stripe (no STRIPE_SECRET_KEY): a local checkout page whose Pay button signs the
 * Stripe events of a purchase with the sandbox webhook secret and hands them to the same handler the
 * Stripe webhook route uses, so the sandbox exercises signature checks, idempotency and grants too.
 *
 * Sessions live in the database. Pay is atomic: it marks the session paid (the payment is taken, as
 * at Stripe), then applies the purchase's three events and marks the session applied in a single
 * transaction. A crash before the first commit leaves the session unpaid; one after it leaves a paid
 * session that `reconcile` (on start, then on every subscription sweep) applies — never a
 * subscription without its credits.
 */
export function createSandboxPaymentProvider(options: {
  db: TLedgerDb;
  stripe: Pick<Stripe, 'webhooks'>;
  webhookSecret: string;
  handleWebhook: TStripeWebhookHandler;
  now?: () => Date;
}): TSandboxPaymentProvider {
  const { db, handleWebhook } = options;
  const now = options.now ?? (() => new Date());

  /** `event` as Stripe would post it, signed with the sandbox webhook secret. */
  const sign = (event: Stripe.Event): TSignedEvent => {
    const payload = JSON.stringify(event);
    const signature = options.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    });
    return { payload, signature };
  };

  const deliver = async (type: string, object: unknown) => {
    await handleWebhook.handle(sign(eventOf(type, object, sandboxId('evt'), now())));
  };

  /** `row` as a Stripe subscription object with `change` made; its period starts now, or at its end if that is past. */
  function subscriptionOf(
    row: TProviderSubscription,
    change: Pick<TSubscriptionShape, 'status' | 'end' | 'cancelAtPeriodEnd'>,
  ) {
    if (!row.stripeSubscriptionId || !row.stripeCustomerId) throw new Error('The subscription has no id');
    return subscriptionObject({
      id: row.stripeSubscriptionId,
      customer: row.stripeCustomerId,
      userId: row.userId,
      plan: row.plan,
      ...change,
      start: new Date(Math.min(now().getTime(), change.end.getTime())),
    });
  }

  async function openSession(purchase: Omit<TSandboxSession, 'id' | 'expiresAt'>): Promise<{ url: string }> {
    const session = {
      ...purchase,
      id: sandboxId('cs'),
      expiresAt: new Date(now().getTime() + SESSION_LIFETIME_MS),
    };
    await db.insert(sandboxCheckoutSessions).values(session);
    return { url: `${SANDBOX_CHECKOUT_PATH}/${session.id}` };
  }

  /** The purchase's events and the session's `applied_at`, in one transaction. */
  async function applyPurchase(session: TSandboxSession, paidAt: Date): Promise<void> {
    await handleWebhook.handleTogether(purchaseEvents(session, paidAt).map(sign), async (tx) => {
      await tx
        .update(sandboxCheckoutSessions)
        .set({ appliedAt: now() })
        .where(eq(sandboxCheckoutSessions.id, session.id));
    });
  }

  return {
    kind: 'sandbox',
    createCheckout: ({ userId, email, customerId, plan }) =>
      openSession({ userId, email, customerId, plan, topUpPack: null }),
    createTopUpCheckout: ({ userId, email, customerId, pack }) =>
      openSession({ userId, email, customerId, plan: null, topUpPack: pack }),

    async resendEvents(sessionId, userId) {
      const row = await findPaidSession(db, sessionId, userId);
      if (!row?.paidAt) return undefined;
      const original = purchaseEvents(toSession(row), row.paidAt);
      const renamed = original.map((event) => ({ ...event, id: sandboxId('evt') }));
      for (const event of [...original, ...renamed]) await handleWebhook.handle(sign(event));
      return { delivered: original.length + renamed.length };
    },

    async findSession(sessionId, userId) {
      const [row] = await db
        .select()
        .from(sandboxCheckoutSessions)
        .where(isOpen(sessionId, userId, now()));
      return row && toSession(row);
    },

    async pay(session) {
      const paidAt = now();
      // One payment per session: of two Pay clicks, one marks it paid and the other finds it spent.
      const [paid] = await db
        .update(sandboxCheckoutSessions)
        .set({ paidAt })
        .where(isOpen(session.id, session.userId, paidAt))
        .returning();
      if (!paid) return false;
      await applyPurchase(toSession(paid), paidAt);
      return true;
    },

    async abandon(session) {
      await db
        .delete(sandboxCheckoutSessions)
        .where(and(eq(sandboxCheckoutSessions.id, session.id), isNull(sandboxCheckoutSessions.paidAt)));
    },

    async reconcile(graceMs = 0) {
      const at = now();
      const unapplied = await findUnappliedSessions(db, new Date(at.getTime() - graceMs));
      const failures: unknown[] = [];
      for (const row of unapplied) {
        try {
          if (row.paidAt) await applyPurchase(toSession(row), row.paidAt);
        } catch (error) {
          failures.push(error);
        }
      }
      await dropSpentSessions(db, at);
      if (failures.length > 0) {
        throw new AggregateError(failures, `${failures.length} sandbox payment(s) could not be applied`);
      }
      return unapplied.length - failures.length;
    },

    async cancelNow(row) {
      const end = row.currentPeriodEnd ?? now();
      await deliver(
        'customer.subscription.deleted',
        subscriptionOf(row, { status: 'canceled', end, cancelAtPeriodEnd: row.cancelAtPeriodEnd }),
      );
    },

    async setCancelAtPeriodEnd(row, cancel) {
      const end = row.currentPeriodEnd ?? addMonth(now());
      const subscription = subscriptionOf(row, { status: row.status, end, cancelAtPeriodEnd: cancel });
      await deliver('customer.subscription.updated', subscription);
      return subscription;
    },
  };
}

/** A session of this user that was paid (its events may be sent again). */
async function findPaidSession(db: TLedgerDb, sessionId: string, userId: string) {
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(
      and(
        eq(sandboxCheckoutSessions.id, sessionId),
        eq(sandboxCheckoutSessions.userId, userId),
        isNotNull(sandboxCheckoutSessions.paidAt),
      ),
    );
  return row;
}

/** Sessions paid by `paidBy` whose purchase is not applied yet, oldest first, a batch at a time. */
async function findUnappliedSessions(db: TLedgerDb, paidBy: Date) {
  return db
    .select()
    .from(sandboxCheckoutSessions)
    .where(and(isNull(sandboxCheckoutSessions.appliedAt), lte(sandboxCheckoutSessions.paidAt, paidBy)))
    .orderBy(sandboxCheckoutSessions.paidAt)
    .limit(RECONCILE_LIMIT);
}

/**
 * A spent or abandoned page needs its session no more once it has expired; a paid one is kept until
 * applied.
 */
async function dropSpentSessions(db: TLedgerDb, at: Date): Promise<void> {
  await db
    .delete(sandboxCheckoutSessions)
    .where(
      and(
        lte(sandboxCheckoutSessions.expiresAt, at),
        or(isNull(sandboxCheckoutSessions.paidAt), isNotNull(sandboxCheckoutSessions.appliedAt)),
      ),
    );
}
