import type { TDatabase } from '@prospector/db';
import { describe, expect, it } from 'vitest';
import { oversizedProfileOf, profileOf } from '../../_fake-provider.ts';
import { createDiscoveryContext } from '../../discovery/discovery-context.ts';
import { extractorConfig } from '../../routes/_factories.ts';
import { cannotListAccounts, NO_ACCOUNT_LISTS, type TDataProvider } from '../provider-port.ts';
import { createMemoryProfileCacheStore } from './memory-profile-cache.ts';
import { withTextLimits } from './with-text-limits.ts';

/** The outer edge: a provider that answers with oversized, control-laden texts. */
const carelessProvider: TDataProvider = {
  name: 'apify',
  capabilities: { search: true, similar: true, ...NO_ACCOUNT_LISTS },
  fetchProfile: async (username) =>
    username.startsWith('ghost')
      ? { kind: 'not_found' }
      : { kind: 'found', profile: oversizedProfileOf(username) },
  searchUsers: async () => ({
    nextCursor: null,
    users: [
      {
        username: 'bella',
        full_name: `Bella\u0000 ${'b'.repeat(1_000)}`,
        profile_pic_url: `https://cdn.example/${'p'.repeat(3_000)}`,
        is_verified: false,
        is_private: false,
        follower_count: null,
        category: null,
      },
      {
        username: 'x'.repeat(500),
        full_name: null,
        profile_pic_url: null,
        is_verified: false,
        is_private: false,
        follower_count: null,
        category: null,
      },
    ],
  }),
  similarAccounts: async () =>
    ['natgeo', 'n'.repeat(200), 'nasa\u0000'].map((username) => ({
      username,
      full_name: null,
      profile_pic_url: null,
      is_verified: false,
      is_private: false,
      follower_count: 12,
      category: null,
    })),
  listAccounts: cannotListAccounts,
};

const CAPPED = {
  full_name: `Huge name ${'N'.repeat(90)}`,
  category: 'C'.repeat(100),
  country: 'Italy[31m',
  external_url: null,
  biography: `First line\nSecond line\n${'B'.repeat(500 - 'First line\nSecond line\n'.length)}`,
  // Kept as it came (its fetch time differs from the expectation's).
  email_provenance: expect.objectContaining({ provider: 'sandbox', field: 'public_email' }),
};

describe('withTextLimits', () => {
  const limited = withTextLimits(carelessProvider);

  it('caps and cleans a fetched profile, keeping what was within bounds', async () => {
    const found = await limited.fetchProfile('huge_ada');
    expect(found).toEqual({ kind: 'found', profile: { ...oversizedProfileOf('huge_ada'), ...CAPPED } });
    expect(await limited.fetchProfile('ghost')).toEqual({ kind: 'not_found' });
    const fine = withTextLimits({
      ...carelessProvider,
      fetchProfile: async (u) => ({ kind: 'found', profile: profileOf(u, null) }),
    });
    expect(await fine.fetchProfile('ada')).toEqual({ kind: 'found', profile: profileOf('ada', null) });
  });

  it('caps search results and leaves out accounts whose username could not be kept', async () => {
    expect((await limited.searchUsers('bakery')).users).toEqual([
      {
        username: 'bella',
        full_name: `Bella ${'b'.repeat(94)}`,
        profile_pic_url: null,
        is_verified: false,
        is_private: false,
        follower_count: null,
        category: null,
      },
    ]);
    expect((await limited.similarAccounts('natgeo')).map((account) => account.username)).toEqual(['natgeo']);
  });

  it("is the service's provider: a profile the cache held from before is capped too", async () => {
    const store = createMemoryProfileCacheStore();
    await store.set('apify', 'cached_ada', { kind: 'found', profile: oversizedProfileOf('cached_ada') });
    const context = createDiscoveryContext(
      extractorConfig(
        { EXTRACTOR_PROVIDER: 'apify', APIFY_TOKEN: 'token' },
        { dataProvider: carelessProvider, profileCacheOf: () => store },
      ),
      // The store above stands in for the database-backed cache, so no database is read.
      {} as TDatabase,
    );
    expect(await context.provider.fetchProfile('cached_ada')).toEqual({
      kind: 'found',
      profile: { ...oversizedProfileOf('cached_ada'), ...CAPPED },
    });
  });
});
