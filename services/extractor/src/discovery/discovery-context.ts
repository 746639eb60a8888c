import { randomBytes } from 'node:crypto';
import type { TDatabase } from '@prospector/db';
import { createRateLimiter } from '@prospector/service-kit';
import type { TDiscoveryEnv, TProviderEnv } from '../env.ts';
import { createAvatarKeys } from '../providers/avatars/avatar-keys.ts';
import {
  createAvatarFetcher,
  DEFAULT_AVATAR_FETCH_OPTIONS,
  type TAvatarFetchOptions,
} from '../providers/avatars/fetch-avatar.ts';
import { systemClock, type TClock } from '../providers/clock.ts';
import { withTextLimits } from '../providers/compose/with-text-limits.ts';
import { createConfiguredProvider, createMemoryProfileCacheStore } from '../providers/index.ts';
import type { TDataProvider, TProfileCacheStore } from '../providers/provider-port.ts';
import { createListCursors } from './list-cursor.ts';

export interface TDiscoveryConfig {
  providerEnv: TProviderEnv;
  discovery: TDiscoveryEnv;
  /** Where fetched profiles are kept; in memory unless a database-backed store is given. */
  profileCacheOf?: (database: TDatabase) => TProfileCacheStore;
  avatarFetch?: TAvatarFetchOptions;
  clock?: TClock;
  /** A bare provider in place of the one the env names (tests); still limited, retried and cached. */
  dataProvider?: TDataProvider;
  /**
   * A provider used as given (tests, benchmarks): no limiter, retries or cache around it, only the
   * text limits every answer gets.
   */
  providerAsIs?: TDataProvider;
}

/**
 * One provider (so one global limiter and cache), one secret for avatar keys and list cursors, one picture cache and one
 * search limit for the service, whichever routes use them.
 */
export function createDiscoveryContext(config: TDiscoveryConfig, database: TDatabase) {
  const clock = config.clock ?? systemClock;
  // One secret signs what this service hands out and takes back: picture keys and list cursors.
  const secret = config.discovery.EXTRACTOR_AVATAR_SECRET ?? randomBytes(32).toString('base64url');
  return {
    // The one place every provider answer passes through, the cache's included.
    provider: withTextLimits(
      config.providerAsIs ??
        createConfiguredProvider({
          env: config.providerEnv,
          cacheStore: config.profileCacheOf?.(database) ?? createMemoryProfileCacheStore({ clock }),
          clock,
          provider: config.dataProvider,
        }),
    ),
    avatarKeys: createAvatarKeys(secret),
    listCursors: createListCursors(secret),
    avatarFetcher: createAvatarFetcher({ ...DEFAULT_AVATAR_FETCH_OPTIONS, clock, ...config.avatarFetch }),
    // Per process: behind several extractor instances a user gets the limit once per instance they reach.
    searchLimit: createRateLimiter({
      limit: config.discovery.EXTRACTOR_SEARCH_LIMIT_PER_MINUTE,
      windowMs: 60_000,
      now: () => clock.now(),
    }),
  };
}
export type TDiscoveryContext = ReturnType<typeof createDiscoveryContext>;
