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
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { apiKeys, apiRequestUsage, user } from '../db/schema.ts';

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

/**
 * API keys of the public API (docs/architecture.md §12): created with a secret shown once, listed by
 * their first characters, revoked by deleting the row. `check` reads the database every time (no cache),
 * so a revoked key is refused at once by every process, and counts the request in the owner's window (one
 * per clock hour, UTC: the count resets on the hour) with one upsert, so every key of the account and
 * every process share one count: holding more keys, or revoking one and making another, buys nothing.
 */
export function createApiKeyStore(database: TDatabase, options: TApiKeyStoreOptions = {}) {
  const { db } = database;
  const limit = options.requestsPerHour ?? API_REQUESTS_PER_HOUR;
  const now = options.now ?? (() => new Date());

  return {
    async list(userId: string): Promise<TApiKey[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(toApiKey);
    },

    async create(userId: string, name: string): Promise<TCreatedApiKey> {
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      return db.transaction(async (tx) => {
        // Per-user lock, so two concurrent creations cannot both pass the count.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`);
        const [held] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
        if ((held?.n ?? 0) >= MAX_API_KEYS) throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany);
        const [row] = await tx
          .insert(apiKeys)
          .values({
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

    async revoke(userId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ id: apiKeys.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    },

    async check(secret: string): Promise<TApiKeyCheckResponse> {
      if (!secret.startsWith(API_KEY_PREFIX)) return { status: 'invalid' };
      const at = now();
      const [key] = await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(eq(apiKeys.secretHash, hashApiKey(secret)))
        .returning({ id: apiKeys.id, userId: apiKeys.userId });
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
      const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, key.userId));
      if (!owner) return { status: 'invalid' };
      return { status: 'ok', userId: key.userId, email: owner.email, rateLimit };
    },
  };
}

export type TApiKeyStore = ReturnType<typeof createApiKeyStore>;
