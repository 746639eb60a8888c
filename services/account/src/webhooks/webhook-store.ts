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
import { user, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';

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

const toDelivery = (
  row: typeof webhookDeliveries.$inferSelect,
  member: { userId: string; name: string } | null = null,
): TWebhookDelivery => ({
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
  member,
});

/** The member acting for a workspace (docs/architecture.md §17). */
export interface TEndpointEditor {
  ownerKey: string;
  userId: string;
}

export async function getEndpoint(db: TDb, ownerKey: string): Promise<TWebhookEndpoint | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerKey, ownerKey));
  return row ? toEndpoint(row) : null;
}

/**
 * Sets the workspace's URL (already checked); the first time, a secret is generated with it and the
 * member is recorded as the one who set it up.
 */
export async function saveEndpoint(
  db: TDb,
  { ownerKey, userId }: TEndpointEditor,
  url: string,
): Promise<TWebhookEndpoint> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ownerKey, userId, url, secret: generateWebhookSecret() })
    .onConflictDoUpdate({ target: webhookEndpoints.ownerKey, set: { url, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('The webhook endpoint was not written');
  return toEndpoint(row);
}

/** A new secret; the old one stops signing at once (messages still waiting are signed with the new one). */
export async function rotateSecret(db: TDb, ownerKey: string): Promise<TWebhookEndpoint> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secret: generateWebhookSecret(), updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.ownerKey, ownerKey))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_NOT_SET_MESSAGE);
  return toEndpoint(row);
}

/** Removes the endpoint; messages still waiting fail at their next attempt, and no new ones are written. */
export async function deleteEndpoint(db: TDb, ownerKey: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.ownerKey, ownerKey));
}

export async function listDeliveries(db: TDb, ownerKey: string): Promise<TWebhookDelivery[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, memberName: user.name })
    .from(webhookDeliveries)
    .leftJoin(user, eq(user.id, webhookDeliveries.userId))
    .where(eq(webhookDeliveries.ownerKey, ownerKey))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_LIST_LIMIT);
  return rows.map(({ delivery, memberName }) =>
    toDelivery(
      delivery,
      delivery.userId && memberName ? { userId: delivery.userId, name: memberName } : null,
    ),
  );
}

/**
 * Sends a message again, now, with the same id (receivers that keep ids see it is the same message) and
 * a fresh day of retries. An attempt under way loses its claim, so its outcome is not written over this.
 */
export async function resendDelivery(
  db: TDb,
  ownerKey: string,
  deliveryId: string,
): Promise<TWebhookDelivery> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      windowStartedAt: sql`now()`,
      claimId: null,
      lockedUntil: null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.ownerKey, ownerKey)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', DELIVERY_NOT_FOUND_MESSAGE);
  const [who] = row.userId
    ? await db.select({ userId: user.id, name: user.name }).from(user).where(eq(user.id, row.userId))
    : [];
  return toDelivery(row, who ?? null);
}

/**
 * Writes the message for the workspace's endpoint, due now, with the member whose action it tells of
 * (if any, and still a user): nothing when the workspace has none, and nothing again for a source event
 * already turned into this message (a redelivered bus event).
 */
export async function enqueueDelivery(
  db: TDb,
  input: { ownerKey: string; userId?: string; sourceEventId: string; payload: TWebhookPayload },
): Promise<boolean> {
  const { payload } = input;
  const memberId = input.userId ?? null;
  const inserted = await db.execute<{ id: string }>(sql`
    insert into ${webhookDeliveries}
      (owner_key, user_id, event_type, source_event_id, payload, next_attempt_at)
    select owner_key, (select u.id from ${user} u where u.id = ${memberId}), ${payload.type},
      ${input.sourceEventId}, ${JSON.stringify(payload)}::jsonb, now()
    from ${webhookEndpoints} where owner_key = ${input.ownerKey}
    on conflict do nothing
    returning id`);
  return inserted.length > 0;
}
