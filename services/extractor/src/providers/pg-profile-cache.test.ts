import { limitProfileText, MAX_OTHER_EMAILS, PROFILE_TEXT_LIMITS } from '@prospector/contracts';
import { bareExtractionData } from '@prospector/contracts/testing';
import type { TDatabase } from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractorTestDatabase } from '../_migrated-database.ts';
import { withProfileCache } from './compose/with-profile-cache.ts';
import { createPgProfileCache } from './pg-profile-cache.ts';
import {
  cannotListAccounts,
  NO_ACCOUNT_LISTS,
  type TDataProvider,
  type TFetchProfileResult,
} from './provider-port.ts';

/** What one hostile profile sends: every text far past its cap, and ten thousand addresses. */
function hostileProfile(username: string): TFetchProfileResult {
  const emails = Array.from({ length: 10_000 }, (_, index) => `mailbox${index}@shop${index}.example.com`);
  return {
    kind: 'found',
    profile: {
      ...bareExtractionData(username),
      full_name: 'N'.repeat(100_000),
      biography: `${'Coffee & cake 🍰 '.repeat(20_000)}${emails.join(' ')}`,
      category: 'C'.repeat(50_000),
      country: 'D'.repeat(50_000),
      external_url: `https://shop.example.com/${'a'.repeat(60_000)}`,
      public_email: emails[0] ?? null,
      email_provenance: { provider: 'apify', field: 'biography', fetchedAt: '2026-01-01T00:00:00.000Z' },
      other_emails: emails.slice(1),
    },
  };
}

describe('the PostgreSQL profile cache', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await createExtractorTestDatabase();
  });
  afterAll(() => database?.close());

  it('keeps a hostile profile with its texts capped: a few KB, not the 900 KB the provider sent', async () => {
    const username = 'hostile.profile';
    const answer = hostileProfile(username);
    expect(JSON.stringify(answer).length).toBeGreaterThan(900_000);
    let calls = 0;
    const provider: TDataProvider = {
      name: 'apify',
      capabilities: { search: false, similar: false, ...NO_ACCOUNT_LISTS },
      fetchProfile: async () => {
        calls += 1;
        return answer;
      },
      searchUsers: async () => ({ users: [], nextCursor: null }),
      similarAccounts: async () => [],
      listAccounts: cannotListAccounts,
    };
    const cached = withProfileCache(provider, { store: createPgProfileCache(database.db), ttlMs: 60_000 });

    await cached.fetchProfile(username);
    const [row] = await database.sql<{ bytes: number }[]>`
      select octet_length(result::text) as bytes from extractor.provider_cache
      where provider = 'apify' and username = ${username}`;
    expect(row?.bytes).toBeLessThan(8_192);

    // What a later fetch reads back is what the text limits keep of the answer, without a provider call.
    const again = await cached.fetchProfile(username);
    expect(calls).toBe(1);
    if (again.kind !== 'found' || answer.kind !== 'found') throw new Error('expected a found profile');
    expect(again.profile).toEqual(limitProfileText(answer.profile, username));
    expect(again.profile.biography).toHaveLength(PROFILE_TEXT_LIMITS.biography);
    expect(again.profile.other_emails).toHaveLength(MAX_OTHER_EMAILS);
    expect(again.profile.public_email).toBe('mailbox0@shop0.example.com');
  });

  it('keeps a not-found answer as it is', async () => {
    const store = createPgProfileCache(database.db);
    const provider: TDataProvider = {
      name: 'sandbox',
      capabilities: { search: false, similar: false, ...NO_ACCOUNT_LISTS },
      fetchProfile: async () => ({ kind: 'not_found' }),
      searchUsers: async () => ({ users: [], nextCursor: null }),
      similarAccounts: async () => [],
      listAccounts: cannotListAccounts,
    };
    await withProfileCache(provider, { store, ttlMs: 60_000 }).fetchProfile('ghost.notfound');
    expect(await store.get('sandbox', 'ghost.notfound', 60_000)).toEqual({ kind: 'not_found' });
  });
});
