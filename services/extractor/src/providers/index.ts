import type { TProviderInfo } from '@prospector/contracts';
import type { TProviderEnv } from '../env.ts';
import { createApifyProvider } from './apify/apify-provider.ts';
import { systemClock, type TClock } from './clock.ts';
import { createTokenBucket } from './compose/token-bucket.ts';
import { withProfileCache } from './compose/with-profile-cache.ts';
import { DEFAULT_BACKOFF, withRetries } from './compose/with-retries.ts';
import { createGraphProvider } from './graph/graph-provider.ts';
import type { TDataProvider, TProfileCacheStore } from './provider-port.ts';
import { providerRequestsPerMinute } from './provider-rates.ts';
import { createSandboxProvider } from './sandbox/sandbox-provider.ts';

export { createMemoryProfileCacheStore } from './compose/memory-profile-cache.ts';
export { PROVIDER_REQUESTS_PER_MINUTE, providerRequestsPerMinute } from './provider-rates.ts';

/** The bare provider EXTRACTOR_PROVIDER names, built from its variables (checked by providerEnvCheck). */
export function createProviderFromEnv(env: TProviderEnv, clock: TClock = systemClock): TDataProvider {
  switch (env.EXTRACTOR_PROVIDER) {
    case 'apify':
      if (!env.APIFY_TOKEN) throw new Error('APIFY_TOKEN is required when EXTRACTOR_PROVIDER=apify');
      return createApifyProvider({
        token: env.APIFY_TOKEN,
        apiBase: env.APIFY_API_BASE,
        profileActor: env.APIFY_PROFILE_ACTOR,
        searchActor: env.APIFY_SEARCH_ACTOR,
        followersActor: env.APIFY_FOLLOWERS_ACTOR,
        hashtagActor: env.APIFY_HASHTAG_ACTOR,
        timeoutMs: env.EXTRACTOR_PROVIDER_TIMEOUT_MS,
        clock,
      });
    case 'graph':
      if (!env.GRAPH_ACCESS_TOKEN || !env.GRAPH_IG_USER_ID) {
        throw new Error('GRAPH_ACCESS_TOKEN and GRAPH_IG_USER_ID are required when EXTRACTOR_PROVIDER=graph');
      }
      return createGraphProvider({
        accessToken: env.GRAPH_ACCESS_TOKEN,
        igUserId: env.GRAPH_IG_USER_ID,
        apiBase: env.GRAPH_API_BASE,
        version: env.GRAPH_API_VERSION,
        timeoutMs: env.EXTRACTOR_PROVIDER_TIMEOUT_MS,
        clock,
      });
    default:
      return createSandboxProvider({
        latencyMs: env.SANDBOX_LATENCY_MS,
        errorRate: env.SANDBOX_ERROR_RATE,
        rateLimitPerMinute: env.SANDBOX_RATE_LIMIT_PER_MINUTE,
        clock,
      });
  }
}

/**
 * The provider the service uses: the configured one behind the profile cache, then one rate limiter
 * for the whole process, then retries with backoff. Build it once per process and share it (runs and
 * discovery), or the limiter is not global.
 */
export function createConfiguredProvider(options: {
  env: TProviderEnv;
  cacheStore: TProfileCacheStore;
  clock?: TClock;
  /** Told when the profile cache cannot be read or written (the fetch goes on without it). */
  onCacheError?: (error: unknown) => void;
  /** The bare provider instead of the one env names (tests). */
  provider?: TDataProvider;
}): TDataProvider {
  const clock = options.clock ?? systemClock;
  const { env } = options;
  const bare = options.provider ?? createProviderFromEnv(env, clock);
  const perMinute = providerRequestsPerMinute(env);
  const limiter = createTokenBucket({
    perMinute,
    // Up to one second's worth at once: a short burst does not wait, and a provider that allows any burst
    // of a second or more never sees more than it allows (a 429 would hold every caller back).
    burst: Math.max(1, Math.ceil(perMinute / 60)),
    clock,
  });
  const resilient = withRetries(bare, {
    maxRetries: env.EXTRACTOR_PROVIDER_MAX_RETRIES,
    ...DEFAULT_BACKOFF,
    clock,
    limiter,
  });
  return withProfileCache(resilient, {
    store: options.cacheStore,
    ttlMs: env.EXTRACTOR_PROFILE_CACHE_TTL_HOURS * 3_600_000,
    onCacheError: options.onCacheError,
  });
}

/** What `GET /api/extractor/provider` answers. */
export function providerInfoOf(provider: TDataProvider): TProviderInfo {
  return {
    provider: provider.name,
    sampleData: provider.name === 'sandbox',
    capabilities: provider.capabilities,
  };
}
