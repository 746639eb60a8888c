import type { TProviderName } from '@prospector/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { providerCache } from '../db/schema.ts';
import type { TFetchProfileResult, TProfileCacheStore } from './provider-port.ts';

export type TCacheDb = Pick<PgDatabase<PgQueryResultHKT, Record<string, never>>, 'select' | 'insert'>;

/**
 * The profile cache over `extractor.provider_cache`, shared by every extractor process: one row per
 * (provider, username), replaced on each fetch. An entry older than the caller's `maxAgeMs` is a miss.
 */
export function createPgProfileCache(db: TCacheDb): TProfileCacheStore {
  return {
    async get(provider: TProviderName, username: string, maxAgeMs: number) {
      const [row] = await db
        .select({ result: providerCache.result })
        .from(providerCache)
        .where(
          and(
            eq(providerCache.provider, provider),
            eq(providerCache.username, username),
            gt(providerCache.fetchedAt, sql`now() - ${maxAgeMs} * interval '1 millisecond'`),
          ),
        );
      return row?.result ?? null;
    },
    async set(provider: TProviderName, username: string, result: TFetchProfileResult) {
      await db
        .insert(providerCache)
        .values({ provider, username, result, fetchedAt: sql`now()` })
        .onConflictDoUpdate({
          target: [providerCache.provider, providerCache.username],
          set: { result, fetchedAt: sql`now()` },
        });
    },
  };
}
