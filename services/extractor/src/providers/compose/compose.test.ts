import { EnvError, loadEnv } from '@prospector/config';
import { bareExtractionData } from '@prospector/contracts/testing';
import { describe, expect, it } from 'vitest';
import { providerEnvCheck, providerEnvShape } from '../../env.ts';
import { createManualClock } from '../clock.ts';
import { createConfiguredProvider, providerInfoOf } from '../index.ts';
import {
  cannotListAccounts,
  NO_ACCOUNT_LISTS,
  ProviderError,
  type TDataProvider,
  type TFetchProfileResult,
} from '../provider-port.ts';
import { createMemoryProfileCacheStore } from './memory-profile-cache.ts';
import { createTokenBucket } from './token-bucket.ts';
import { withProfileCache } from './with-profile-cache.ts';
import { withRetries } from './with-retries.ts';

const envOf = (values: Record<string, string> = {}) =>
  loadEnv('test', providerEnvShape, { SANDBOX_LATENCY_MS: '0', ...values }, [providerEnvCheck]);

const FOUND: TFetchProfileResult = {
  kind: 'found',
  profile: bareExtractionData('bella.bakery'),
};

/** A provider whose fetchProfile plays a script of outcomes, counting calls. */
function scriptedProvider(script: Array<TFetchProfileResult | Error>) {
  const calls: string[] = [];
  const provider: TDataProvider = {
    name: 'apify',
    capabilities: { search: true, similar: false, ...NO_ACCOUNT_LISTS },
    async fetchProfile(username) {
      calls.push(username);
      const next = script.length > 1 ? script.shift() : script[0];
      if (next instanceof Error) throw next;
      return next as TFetchProfileResult;
    },
    async searchUsers() {
      calls.push('search');
      return { users: [], nextCursor: null };
    },
    async similarAccounts() {
      throw new ProviderError('unsupported', 'no similar accounts here');
    },
    listAccounts: cannotListAccounts,
  };
  return { provider, calls };
}

describe('createTokenBucket', () => {
  it('lets a burst through, then spaces requests at the configured rate', async () => {
    const clock = createManualClock();
    const bucket = createTokenBucket({ perMinute: 60, burst: 2, clock });
    await bucket.take();
    await bucket.take();
    expect(clock.sleeps).toEqual([]);
    await bucket.take();
    await bucket.take();
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('holds everyone back while paused by a Retry-After', async () => {
    const clock = createManualClock();
    const bucket = createTokenBucket({ perMinute: 600, burst: 5, clock });
    bucket.pause(7_000);
    await bucket.take();
    expect(clock.sleeps).toEqual([7_000]);
  });

  it("serves one asker's waiters in arrival order", async () => {
    const clock = createManualClock();
    const bucket = createTokenBucket({ perMinute: 60, burst: 1, clock });
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((index) => bucket.take().then(() => order.push(index))));
    expect(order).toEqual([1, 2, 3]);
  });

  it("serves askers in turn: a user's one request goes before more of another's batch", async () => {
    const clock = createManualClock();
    const bucket = createTokenBucket({ perMinute: 60, burst: 1, clock });
    const order: string[] = [];
    const take = (key: string, label: string) => bucket.take({ key }).then(() => order.push(label));
    const batch = Array.from({ length: 6 }, (_, index) => take('big', `big${index}`));
    const single = take('single', 'single');
    const third = [take('third', 'third0'), take('third', 'third1')];
    await Promise.all([...batch, single, ...third]);
    expect(order).toEqual(['big0', 'single', 'third0', 'big1', 'third1', 'big2', 'big3', 'big4', 'big5']);
    // Still one token a second overall: the first went at once, the other eight a second apart.
    expect(clock.sleeps).toEqual(Array(8).fill(1000));
  });

  it('gives a newcomer the next token however many users keep requests waiting', async () => {
    const clock = createManualClock();
    const bucket = createTokenBucket({ perMinute: 60, burst: 1, clock });
    const order: string[] = [];
    let single: Promise<unknown> | undefined;
    const take = (key: string): Promise<unknown> =>
      bucket.take({ key }).then(() => {
        order.push(key);
        // Fifty users' batches have been served round robin for a while: another user asks.
        if (order.length === 60) single = take('single');
      });
    // Fifty users' batches, each keeping three requests waiting.
    await Promise.all(
      Array.from({ length: 50 }, (_, user) => [0, 1, 2].map(() => take(`user${user}`))).flat(),
    );
    await single;
    expect(new Set(order.slice(0, 50)).size).toBe(50);
    expect(order.indexOf('single')).toBe(60);
    // Still one token a second overall.
    expect(clock.sleeps).toEqual(Array(150).fill(1000));
  });

  it('lets a waiter that gives up leave the queue without taking a token', async () => {
    const clock = createManualClock();
    const bucket = createTokenBucket({ perMinute: 60, burst: 1, clock });
    await bucket.take();
    const controller = new AbortController();
    const gaveUp = bucket.take({ key: 'a', signal: controller.signal });
    controller.abort(new Error('closed the page'));
    await expect(gaveUp).rejects.toThrow('closed the page');
    await bucket.take({ key: 'b' });
    expect(clock.sleeps).toEqual([1000]);
  });
});

describe('withRetries', () => {
  const setup = (script: Array<TFetchProfileResult | Error>, maxRetries = 3) => {
    const clock = createManualClock();
    const limiter = createTokenBucket({ perMinute: 60_000, burst: 100, clock });
    const scripted = scriptedProvider(script);
    const provider = withRetries(scripted.provider, {
      maxRetries,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      clock,
      limiter,
    });
    return { clock, provider, calls: scripted.calls };
  };

  it('retries 5xx and network failures with exponential backoff', async () => {
    const { clock, provider, calls } = setup([
      new ProviderError('unavailable', 'Apify failed (503)'),
      new TypeError('fetch failed'),
      FOUND,
    ]);
    expect(await provider.fetchProfile('bella.bakery')).toEqual(FOUND);
    expect(calls).toHaveLength(3);
    expect(clock.sleeps).toEqual([500, 1000]);
  });

  it('waits what Retry-After asks on a 429 (capped)', async () => {
    const { clock, provider } = setup([
      new ProviderError('rate_limited', 'Apify rate limit reached (429)', 7_000),
      new ProviderError('rate_limited', 'Apify rate limit reached (429)', 3_600_000),
      FOUND,
    ]);
    await provider.fetchProfile('bella.bakery');
    // Each Retry-After also pauses the shared limiter, so the next attempt waits no longer than asked.
    expect(clock.sleeps.filter((ms) => ms >= 7_000)).toEqual([7_000, 30_000]);
  });

  it('gives up after the configured retries with a ProviderError that says how often it tried', async () => {
    const { provider, calls } = setup([new ProviderError('unavailable', 'Apify failed (502)')], 2);
    const error = await provider.fetchProfile('bella.bakery').catch((caught: unknown) => caught);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Apify failed (502) (after 3 attempts)' });
  });

  it('does not retry a refused request or an unsupported call', async () => {
    const { provider, calls } = setup([new ProviderError('bad_response', 'Apify refused the request (401)')]);
    await expect(provider.fetchProfile('bella.bakery')).rejects.toMatchObject({
      message: 'Apify refused the request (401)',
    });
    expect(calls).toHaveLength(1);
    await expect(provider.similarAccounts('x')).rejects.toMatchObject({ kind: 'unsupported' });
  });

  it('stops waiting when the caller aborts', async () => {
    const { provider } = setup([new ProviderError('unavailable', 'down')]);
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(provider.fetchProfile('bella.bakery', { signal: controller.signal })).rejects.toThrow(
      'cancelled',
    );
  });
});

describe('withProfileCache', () => {
  it('asks the provider once for the same account within the TTL, again after it', async () => {
    const clock = createManualClock();
    const store = createMemoryProfileCacheStore({ clock });
    const { provider, calls } = scriptedProvider([FOUND]);
    const cached = withProfileCache(provider, { store, ttlMs: 24 * 3_600_000 });
    expect(await cached.fetchProfile('bella.bakery')).toEqual(FOUND);
    clock.advance(23 * 3_600_000);
    expect(await cached.fetchProfile('bella.bakery')).toEqual(FOUND);
    expect(calls).toHaveLength(1);
    clock.advance(3_600_000);
    await cached.fetchProfile('bella.bakery');
    expect(calls).toHaveLength(2);
  });

  it('asks the provider past the cache for a fresh fetch (a re-check), and caches its answer', async () => {
    const store = createMemoryProfileCacheStore();
    const { provider, calls } = scriptedProvider([FOUND, { kind: 'not_found' }]);
    const cached = withProfileCache(provider, { store, ttlMs: 24 * 3_600_000 });
    expect(await cached.fetchProfile('bella.bakery')).toEqual(FOUND);
    expect(await cached.fetchProfile('bella.bakery', { fresh: true })).toEqual({ kind: 'not_found' });
    expect(calls).toHaveLength(2);
    // What the fresh fetch found is what the next reader gets.
    expect(await cached.fetchProfile('bella.bakery')).toEqual({ kind: 'not_found' });
    expect(calls).toHaveLength(2);
  });

  it('remembers "not found" too, and shares one call between concurrent fetches', async () => {
    const store = createMemoryProfileCacheStore();
    const { provider, calls } = scriptedProvider([{ kind: 'not_found' }]);
    const cached = withProfileCache(provider, { store, ttlMs: 60_000 });
    const results = await Promise.all([cached.fetchProfile('ghost'), cached.fetchProfile('ghost')]);
    expect(results).toEqual([{ kind: 'not_found' }, { kind: 'not_found' }]);
    await cached.fetchProfile('ghost');
    expect(calls).toEqual(['ghost']);
  });

  it('asks on behalf of the caller, so the rate limiter behind it knows whose turn it is', async () => {
    const store = createMemoryProfileCacheStore();
    const asked: Array<string | undefined> = [];
    const { provider } = scriptedProvider([FOUND]);
    const cached = withProfileCache(
      {
        ...provider,
        fetchProfile(username, options) {
          asked.push(options?.userId);
          return provider.fetchProfile(username);
        },
      },
      { store, ttlMs: 60_000 },
    );
    await cached.fetchProfile('bella.bakery', { userId: 'user-a' });
    expect(asked).toEqual(['user-a']);
  });

  it('lets one caller stop waiting without failing the others sharing the call', async () => {
    const store = createMemoryProfileCacheStore();
    const { provider, calls } = scriptedProvider([FOUND]);
    const cached = withProfileCache(provider, { store, ttlMs: 60_000 });
    const controller = new AbortController();
    const leaving = cached.fetchProfile('bella.bakery', { signal: controller.signal });
    const staying = cached.fetchProfile('bella.bakery');
    controller.abort(new Error('run cancelled'));
    await expect(leaving).rejects.toThrow('run cancelled');
    expect(await staying).toEqual(FOUND);
    expect(calls).toHaveLength(1);
    expect(await store.get('apify', 'bella.bakery', 60_000)).toEqual(FOUND);
  });

  it('fetches anyway when the cache store fails, and reports it', async () => {
    const errors: unknown[] = [];
    const broken = {
      get: async () => Promise.reject(new Error('cache down')),
      set: async () => Promise.reject(new Error('cache down')),
    };
    const { provider } = scriptedProvider([FOUND]);
    const cached = withProfileCache(provider, {
      store: broken,
      ttlMs: 60_000,
      onCacheError: (e) => errors.push(e),
    });
    expect(await cached.fetchProfile('bella.bakery')).toEqual(FOUND);
    expect(errors).toHaveLength(2);
  });

  it('does not cache errors', async () => {
    const store = createMemoryProfileCacheStore();
    const { provider, calls } = scriptedProvider([new ProviderError('unavailable', 'down'), FOUND]);
    const cached = withProfileCache(provider, { store, ttlMs: 60_000 });
    await expect(cached.fetchProfile('bella.bakery')).rejects.toThrow('down');
    expect(await cached.fetchProfile('bella.bakery')).toEqual(FOUND);
    expect(calls).toHaveLength(2);
  });
});

describe('createConfiguredProvider', () => {
  it('uses the sandbox by default, cached, and describes it as sample data', async () => {
    const clock = createManualClock();
    const store = createMemoryProfileCacheStore({ clock });
    const provider = createConfiguredProvider({ env: envOf(), cacheStore: store, clock });
    expect(providerInfoOf(provider)).toEqual({
      provider: 'sandbox',
      sampleData: true,
      capabilities: { search: true, similar: true, followers: true, following: true, hashtag: true },
    });
    const first = await provider.fetchProfile('bella.bakery');
    expect(first.kind).toBe('found');
    expect(store.size).toBe(1);
    expect(await provider.fetchProfile('bella.bakery')).toEqual(first);
    expect((await provider.searchUsers('bakery')).users.length).toBeGreaterThanOrEqual(10);
  });

  it('turns a failing provider into a ProviderError after its retries', async () => {
    const clock = createManualClock();
    const provider = createConfiguredProvider({
      env: envOf({ SANDBOX_ERROR_RATE: '1', EXTRACTOR_PROVIDER_MAX_RETRIES: '2' }),
      cacheStore: createMemoryProfileCacheStore({ clock }),
      clock,
    });
    await expect(provider.fetchProfile('bella.bakery')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Sandbox upstream failure (503) (after 3 attempts)',
    });
    expect(clock.sleeps).toEqual([500, 1000]);
  });

  it('builds the Graph API provider, which cannot search', () => {
    const provider = createConfiguredProvider({
      env: envOf({ EXTRACTOR_PROVIDER: 'graph', GRAPH_ACCESS_TOKEN: 't', GRAPH_IG_USER_ID: '1784' }),
      cacheStore: createMemoryProfileCacheStore(),
    });
    expect(providerInfoOf(provider)).toEqual({
      provider: 'graph',
      sampleData: false,
      capabilities: { search: false, similar: false, ...NO_ACCOUNT_LISTS },
    });
  });

  it('refuses to start a real provider without its credentials', () => {
    expect(() => envOf({ EXTRACTOR_PROVIDER: 'apify' })).toThrow(EnvError);
    expect(() => envOf({ EXTRACTOR_PROVIDER: 'apify' })).toThrow(/APIFY_TOKEN is required/);
    expect(() => envOf({ EXTRACTOR_PROVIDER: 'graph', GRAPH_ACCESS_TOKEN: 't' })).toThrow(/GRAPH_IG_USER_ID/);
    expect(() => envOf({ EXTRACTOR_PROVIDER: 'scraper' })).toThrow(/EXTRACTOR_PROVIDER/);
    expect(envOf({ EXTRACTOR_PROVIDER: 'apify', APIFY_TOKEN: 'x' }).APIFY_API_BASE).toBe(
      'https://api.apify.com',
    );
  });
});
