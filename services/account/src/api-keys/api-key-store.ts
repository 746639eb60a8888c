import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  API_REQUESTS_PER_HOUR,
  AppError,
  MAX_API_KEYS,
  type TApiKey,
  type TApiKeyCheckResponse,
  type TCreatedApiKey,
  ZWorkspaceRoleSchema,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { apiKeys, apiRequestUsage, member, user } from '../db/schema.ts';

const WINDOW_SECONDS = 3600;

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

const toApiKey = (row: typeof apiKeys.$inferSelect): TApiKey => ({
  id: row.id,
  name: row.name,
  start: row.start,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export interface TApiKeyStoreOptions {
  /** Requests per account and clock hour; the plans' figure (`API_REQUESTS_PER_HOUR`) unless a test lowers it. */
  requestsPerHour?: number;
  now?: () => Date;
}

/** Who creates keys for a workspace: the member (`userId`) acting for it (`ownerKey`). */
export interface TKeyMaker {
  ownerKey: string;
  userId: string;
}

/**
 * API keys of the public API (docs/architecture.md §12): a workspace's (§17), created by one of its
 * members with a secret shown once, listed by their first characters, revoked by deleting the row.
 * `check` reads the database every time (no cache), so a revoked key, or one whose creator has left the
 * workspace, is refused at once by every process; it acts with the creator's current role, and counts the request in the owner's window (one
 * per clock hour, UTC: the count resets on the hour) with one upsert, so every key of the account and
 * every process share one count: holding more keys, or revoking one and making another, buys nothing.
 */
export function createApiKeyStore(database: TDatabase, options: TApiKeyStoreOptions = {}) {
  const { db } = database;
  const limit = options.requestsPerHour ?? API_REQUESTS_PER_HOUR;
  const now = options.now ?? (() => new Date());

  return {
    async list(ownerKey: string): Promise<TApiKey[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.ownerKey, ownerKey))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(toApiKey);
    },

    async create({ ownerKey, userId }: TKeyMaker, name: string): Promise<TCreatedApiKey> {
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      return db.transaction(async (tx) => {
        // Per-workspace lock, so two concurrent creations (two admins) cannot both pass the count.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${ownerKey}`}))`);
        const [held] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.ownerKey, ownerKey));
        if ((held?.n ?? 0) >= MAX_API_KEYS) throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany);
        const [row] = await tx
          .insert(apiKeys)
          .values({
            ownerKey,
            userId,
            name,
            start: secret.slice(0, API_KEY_SHOWN_LENGTH),
            secretHash: hashApiKey(secret),
          })
          .returning();
        if (!row) throw new Error('The API key was not stored');
        return { key: toApiKey(row), secret };
      });
    },

    async revoke(ownerKey: string, id: string): Promise<void> {
      const deleted = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.ownerKey, ownerKey)))
        .returning({ id: apiKeys.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    },

    async check(secret: string): Promise<TApiKeyCheckResponse> {
      if (!secret.startsWith(API_KEY_PREFIX)) return { status: 'invalid' };
      const at = now();
      // One statement over unique indexes (secret_hash, member (organization_id, user_id), user id):
      // the key, its creator's current role in the key's workspace and their e-mail. No membership, no
      // key: a removed member's keys stop at their next request.
      const [key] = await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(
          and(
            eq(apiKeys.secretHash, hashApiKey(secret)),
            eq(member.organizationId, apiKeys.ownerKey),
            eq(member.userId, apiKeys.userId),
          ),
        )
        .returning({
          id: apiKeys.id,
          userId: apiKeys.userId,
          ownerKey: apiKeys.ownerKey,
          role: member.role,
          email: user.email,
        });
      if (!key) return { status: 'invalid' };
      const windowStart = new Date(
        Math.floor(at.getTime() / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000,
      );
      const [usage] = await db
        .insert(apiRequestUsage)
        .values({ userId: key.userId, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [apiRequestUsage.userId, apiRequestUsage.windowStart],
          set: { count: sql`${apiRequestUsage.count} + 1` },
        })
        .returning({ count: apiRequestUsage.count });
      const used = usage?.count ?? 1;
      // A new window: the account's older ones are no longer read.
      if (used === 1) {
        await db
          .delete(apiRequestUsage)
          .where(and(eq(apiRequestUsage.userId, key.userId), lt(apiRequestUsage.windowStart, windowStart)));
      }
      const resetSeconds = Math.max(
        0,
        Math.ceil((windowStart.getTime() + WINDOW_SECONDS * 1000 - at.getTime()) / 1000),
      );
      const rateLimit = {
        limit,
        remaining: Math.max(0, limit - used),
        windowSeconds: WINDOW_SECONDS,
        resetSeconds,
      };
      if (used > limit) return { status: 'limited', rateLimit };
      const role = ZWorkspaceRoleSchema.safeParse(key.role);
      if (!role.success) return { status: 'invalid' };
      return {
        status: 'ok',
        userId: key.userId,
        email: key.email,
        workspaceId: key.ownerKey,
        role: role.data,
        rateLimit,
      };
    },
  };
}

export type TApiKeyStore = ReturnType<typeof createApiKeyStore>;
