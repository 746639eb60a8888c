import { normalizeUsername, USERNAME_PATTERN, ZExtractionDataSchema } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.ts';
import { findEmailInText } from '../email/find-email.ts';
import { ProviderError } from '../provider-port.ts';
import { renderSandboxAvatar } from './sandbox-avatar.ts';
import { createSandboxProvider, sandboxProfile } from './sandbox-provider.ts';
import { sandboxSearchMorePages, searchSandboxAccounts, similarSandboxAccounts } from './synthetic-graph.ts';

const at = new Date('2026-01-01T00:00:00Z');
const handles = Array.from({ length: 1000 }, (_, index) => `sample.account${index}`);
const profiles = handles.map((username) => sandboxProfile(username, at));
const found = profiles.flatMap((result) => (result.kind === 'found' ? [result.profile] : []));

describe('sandbox profiles', () => {
  it('are the same for the same username, forever', () => {
    expect(sandboxProfile('bella.bakery', at)).toEqual(sandboxProfile('bella.bakery', at));
    // Pinned: a change to the generator changes what every demo and stored test shows.
    expect(sandboxProfile('bella.bakery', at)).toMatchInlineSnapshot(`
      {
        "kind": "found",
        "profile": {
          "biography": "Coffee, cake & good company
      📍 Denmark
      Collabs: nora.hansen [at] mail.example [dot] com
      Follow @coffee.club",
          "category": "Bakery",
          "country": "Denmark",
          "date_joined": "May 2019",
          "email_provenance": {
            "fetchedAt": "2026-01-01T00:00:00.000Z",
            "field": "biography",
            "provider": "sandbox",
          },
          "external_url": "https://bellabakery.example.com",
          "follower_count": 646244,
          "following_count": 381,
          "full_name": "Nora Hansen",
          "is_private": false,
          "is_verified": true,
          "media_count": 2718,
          "other_emails": [],
          "profile_pic_url": "/api/extractor/avatars/sandbox.bella.bakery",
          "public_email": "nora.hansen@mail.example.com",
          "username": "bella.bakery",
        },
      }
    `);
  });

  it('are valid extraction_data', () => {
    for (const profile of found) expect(ZExtractionDataSchema.parse(profile)).toEqual(profile);
  });

  it('have the documented mix: ~5% missing, ~40% with e-mail, some private, some verified', () => {
    const missing = profiles.length - found.length;
    expect(missing).toBeGreaterThan(20);
    expect(missing).toBeLessThan(90);
    const withEmail = found.filter((profile) => profile.public_email !== null).length / found.length;
    expect(withEmail).toBeGreaterThan(0.32);
    expect(withEmail).toBeLessThan(0.48);
    expect(found.some((profile) => profile.is_private)).toBe(true);
    expect(found.some((profile) => profile.is_verified)).toBe(true);
    expect(
      found.filter((profile) => profile.is_private).every((profile) => profile.public_email === null),
    ).toBe(true);
  });

  it('record where each e-mail sits, and a biography e-mail can be read back from the biography', () => {
    const fields = new Set(found.map((profile) => profile.email_provenance?.field).filter(Boolean));
    expect(fields).toEqual(new Set(['public_email', 'business_email', 'biography']));
    for (const profile of found) {
      if (profile.email_provenance?.field === 'biography') {
        expect(findEmailInText(profile.biography)).toBe(profile.public_email);
      }
      if (profile.public_email) expect(profile.email_provenance?.provider).toBe('sandbox');
    }
    expect(found.some((profile) => profile.biography?.includes('[at]'))).toBe(true);
  });

  it('list a second address of some businesses (a press address in the bio) after the first', () => {
    const withOthers = found.filter((profile) => (profile.other_emails ?? []).length > 0);
    expect(withOthers.length).toBeGreaterThan(10);
    for (const profile of withOthers) {
      expect(profile.other_emails).toEqual([expect.stringMatching(/^press@[a-z0-9]+\.example\.com$/)]);
      expect(profile.public_email).not.toBe(profile.other_emails?.[0]);
      expect(profile.biography).toContain(`Press: ${profile.other_emails?.[0]}`);
    }
    expect(
      found.every((profile) => profile.public_email !== null || profile.other_emails?.length === 0),
    ).toBe(true);
  });

  it('obey the forcing words in a username', () => {
    expect(sandboxProfile('shop.notfound', at)).toEqual({ kind: 'not_found' });
    const withEmail = sandboxProfile('shop.withemail', at);
    expect(withEmail.kind === 'found' && withEmail.profile.public_email).toBeTruthy();
    const noEmail = sandboxProfile('shop.noemail', at);
    expect(noEmail.kind === 'found' && noEmail.profile.public_email).toBe(null);
    const hidden = sandboxProfile('shop.private', at);
    expect(hidden.kind === 'found' && hidden.profile.is_private).toBe(true);
  });

  it('use avatars served by the extractor itself, never a third-party URL', () => {
    for (const profile of found)
      expect(profile.profile_pic_url).toMatch(/^\/api\/extractor\/avatars\/sandbox\./);
  });
});

describe('sandbox search and similar accounts', () => {
  it('finds 10–50 valid, existing accounts related to the keyword, the same ones every time', () => {
    for (const keyword of ['bakery', 'Travel Italy', 'fitness', 'x', '🍕']) {
      const accounts = searchSandboxAccounts(keyword);
      expect(accounts.length).toBeGreaterThanOrEqual(10);
      expect(accounts.length).toBeLessThanOrEqual(50);
      expect(new Set(accounts).size).toBe(accounts.length);
      for (const handle of accounts) {
        expect(normalizeUsername(handle)).toBe(handle);
        expect(sandboxProfile(handle, at).kind).toBe('found');
      }
      expect(searchSandboxAccounts(keyword)).toEqual(accounts);
    }
    expect(searchSandboxAccounts('bakery').every((handle) => handle.includes('bakery'))).toBe(true);
  });

  it('gives similar accounts that overlap within a topic and never include the account itself', () => {
    const bakery = similarSandboxAccounts('bella.bakery');
    const other = similarSandboxAccounts('corner.bakery');
    expect(bakery.length).toBeGreaterThanOrEqual(8);
    expect(bakery).not.toContain('bella.bakery');
    expect(bakery.filter((handle) => other.includes(handle)).length).toBeGreaterThan(0);
    expect(similarSandboxAccounts('bella.bakery')).toEqual(bakery);
    for (const handle of bakery) expect(normalizeUsername(handle)).toBe(handle);
    expect(similarSandboxAccounts('ghost.notfound')).toEqual([]);
  });
});

describe('createSandboxProvider', () => {
  it('answers search results with the same profile facts and sandbox avatars', async () => {
    const provider = createSandboxProvider({ latencyMs: 0, errorRate: 0 });
    const { users } = await provider.searchUsers('bakery');
    const first = users[0];
    const profile = first && sandboxProfile(first.username, at);
    expect(profile?.kind === 'found' && profile.profile.full_name).toBe(first?.full_name);
    expect(first?.profile_pic_url).toMatch(/^\/api\/extractor\/avatars\/sandbox\./);
  });

  it('pages a search after its first page (unchanged) until there is no more, the same every time', async () => {
    const provider = createSandboxProvider({ latencyMs: 0, errorRate: 0 });
    const first = await provider.searchUsers('bakery');
    expect(first.users.map((user) => user.username)).toEqual(searchSandboxAccounts('bakery'));
    expect(first.nextCursor).toBe('1');
    const second = await provider.searchUsers('bakery', { cursor: first.nextCursor });
    expect(second.users.length).toBeGreaterThan(0);
    for (const user of second.users) expect(user.username).toMatch(USERNAME_PATTERN);
    expect(await provider.searchUsers('bakery', { cursor: '1' })).toEqual(second);
    const last = await provider.searchUsers('bakery', { cursor: String(sandboxSearchMorePages('bakery')) });
    expect(last.nextCursor).toBeNull();
    expect((await provider.searchUsers('notfound')).nextCursor).toBeNull();
  });

  it('waits its configured latency on the clock', async () => {
    const clock = createManualClock();
    const provider = createSandboxProvider({ latencyMs: 250, errorRate: 0, clock });
    await provider.fetchProfile('bella.bakery');
    expect(clock.sleeps).toEqual([250]);
  });

  it('answers like a 429 beyond its rate limit, saying when to come back', async () => {
    const clock = createManualClock();
    const provider = createSandboxProvider({ latencyMs: 0, errorRate: 0, rateLimitPerMinute: 2, clock });
    await provider.fetchProfile('a.one');
    clock.advance(10_000);
    await provider.fetchProfile('a.two');
    const error = await provider.fetchProfile('a.three').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 50_000 });
    clock.advance(50_000);
    await expect(provider.fetchProfile('a.three')).resolves.toMatchObject({ kind: expect.any(String) });
  });

  it('fails the configured share of calls, the same calls on every run', async () => {
    const outcomes = async () => {
      const provider = createSandboxProvider({ latencyMs: 0, errorRate: 0.3 });
      const results: boolean[] = [];
      for (let index = 0; index < 200; index += 1) {
        results.push(
          await provider.fetchProfile('bella.bakery').then(
            () => true,
            () => false,
          ),
        );
      }
      return results;
    };
    const first = await outcomes();
    const failures = first.filter((ok) => !ok).length;
    expect(failures).toBeGreaterThan(30);
    expect(failures).toBeLessThan(90);
    expect(await outcomes()).toEqual(first);
    const always = createSandboxProvider({ latencyMs: 0, errorRate: 1 });
    await expect(always.searchUsers('x')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('renderSandboxAvatar', () => {
  it('draws the initials and nothing else from the input', () => {
    expect(renderSandboxAvatar('travel.with.anna')).toContain('>TW</text>');
    const hostile = renderSandboxAvatar('"><script>alert(1)</script>');
    expect(hostile).not.toContain('<script');
    expect(hostile).not.toMatch(/on\w+=/);
  });
});
