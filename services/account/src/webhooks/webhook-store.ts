import { randomBytes } from 'node:crypto';
import {
  AppError,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEventType,
  type TWebhookPayload,
  WEBHOOK_DELIVERY_LIST_LIMIT,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';

type TDb = TDatabase['db'];

export const WEBHOOK_NOT_SET_MESSAGE = 'No webhook endpoint is set';
export const DELIVERY_NOT_FOUND_MESSAGE = 'Delivery not found';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const toEndpoint = (row: typeof webhookEndpoints.$inferSelect): TWebhookEndpoint => ({
  url: row.url,
  secret: row.secret,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const iso = (value: Date | null) => value?.toISOString() ?? null;

const toDelivery = (row: typeof webhookDeliveries.$inferSelect): TWebhookDelivery => ({
  id: row.id,
  eventType: row.eventType as TWebhookEventType,
  status: row.status as TWebhookDelivery['status'],
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.lastError,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  deliveredAt: iso(row.deliveredAt),
});

export async function getEndpoint(db: TDb, userId: string): Promise<TWebhookEndpoint | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row ? toEndpoint(row) : null;
}

/** Sets the URL (already checked); the first time, a secret is generated with it. */
export async function saveEndpoint(db: TDb, userId: string, url: string): Promise<TWebhookEndpoint> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId, url, secret: generateWebhookSecret() })
    .onConflictDoUpdate({ target: webhookEndpoints.userId, set: { url, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('The webhook endpoint was not written');
  return toEndpoint(row);
}

/** A new secret; the old one stops signing at once (messages still waiting are signed with the new one). */
export async function rotateSecret(db: TDb, userId: string): Promise<TWebhookEndpoint> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secret: generateWebhookSecret(), updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.userId, userId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_NOT_SET_MESSAGE);
  return toEndpoint(row);
}

/** Removes the endpoint; messages still waiting fail at their next attempt, and no new ones are written. */
export async function deleteEndpoint(db: TDb, userId: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
}

export async function listDeliveries(db: TDb, userId: string): Promise<TWebhookDelivery[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.userId, userId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_LIST_LIMIT);
  return rows.map(toDelivery);
}

/**
 * Sends a message again, now, with the same id (receivers that keep ids see it is the same message) and
 * a fresh day of retries. An attempt under way loses its claim, so its outcome is not written over this.
 */
export async function resendDelivery(db: TDb, userId: string, deliveryId: string): Promise<TWebhookDelivery> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      windowStartedAt: sql`now()`,
      claimId: null,
      lockedUntil: null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.userId, userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', DELIVERY_NOT_FOUND_MESSAGE);
  return toDelivery(row);
}

/**
 * Writes the message for the user's endpoint, due now: nothing when the user has none, and nothing
 * again for a source event already turned into this message (a redelivered bus event).
 */
export async function enqueueDelivery(
  db: TDb,
  input: { userId: string; sourceEventId: string; payload: TWebhookPayload },
): Promise<boolean> {
  const { payload } = input;
  const inserted = await db.execute<{ id: string }>(sql`
    insert into ${webhookDeliveries} (user_id, event_type, source_event_id, payload, next_attempt_at)
    select user_id, ${payload.type}, ${input.sourceEventId}, ${JSON.stringify(payload)}::jsonb, now()
    from ${webhookEndpoints} where user_id = ${input.userId}
    on conflict do nothing
    returning id`);
  return inserted.length > 0;
}
