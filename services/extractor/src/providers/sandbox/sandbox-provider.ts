import { systemClock, type TClock } from '../clock.ts';
import { listPublicEmails } from '../email/find-email.ts';
import { ProviderError, type TDataProvider, type TFetchProfileResult } from '../provider-port.ts';
import { seededRandom } from './seeded-random.ts';
import {
  moreSandboxSearchAccounts,
  sandboxSearchMorePages,
  searchSandboxAccounts,
  similarSandboxAccounts,
} from './synthetic-graph.ts';
import { sandboxAccountPage, sandboxListedAccount } from './synthetic-lists.ts';
import { syntheticAccount } from './synthetic-profile.ts';

export interface TSandboxOptions {
  /** How long every call takes, as a real API would (0: answer at once). */
  latencyMs: number;
  /** Share of calls, 0–1, that fail as an unavailable upstream would (a 5xx). */
  errorRate: number;
  /** Calls per minute the sandbox accepts before answering like a 429 (unset: no limit). */
  rateLimitPerMinute?: number;
  clock?: TClock;
}

/**
 * The sandbox account of a username as extraction_data, its e-mails read from its fields and text as
 * a real provider's are, with the first one's provenance.
 */
export function sandboxProfile(username: string, fetchedAt: Date): TFetchProfileResult {
  const account = syntheticAccount(username);
  if (!account) return { kind: 'not_found' };
  const [first, ...others] = listPublicEmails({
    public_email: account.publicEmail,
    business_email: account.businessEmail,
    biography: account.profile.biography,
    external_url: account.profile.external_url,
  });
  return {
    kind: 'found',
    profile: {
      ...account.profile,
      public_email: first?.email ?? null,
      email_provenance: first
        ? { provider: 'sandbox', field: first.field, fetchedAt: fetchedAt.toISOString() }
        : null,
      other_emails: others.map(({ email }) => email),
    },
  };
}

/**
 * Deterministic synthetic Instagram data (the default provider): same username, same profile. Slowness,
 * 429s and failures can be switched on to exercise the retry, limiter and error paths.
 */
export function createSandboxProvider(options: TSandboxOptions): TDataProvider {
  const clock = options.clock ?? systemClock;
  const recentCalls: number[] = [];
  let calls = 0;

  /** One simulated upstream call: latency, then maybe a 429, then maybe a failure. */
  async function call(signal: AbortSignal | undefined): Promise<void> {
    if (options.latencyMs > 0) await clock.sleep(options.latencyMs, signal);
    const now = clock.now();
    if (options.rateLimitPerMinute !== undefined) {
      while (recentCalls.length > 0 && (recentCalls[0] as number) <= now - 60_000) recentCalls.shift();
      if (recentCalls.length >= options.rateLimitPerMinute) {
        const retryAfterMs = (recentCalls[0] as number) + 60_000 - now;
        throw new ProviderError('rate_limited', 'Sandbox rate limit reached (429)', retryAfterMs);
      }
      recentCalls.push(now);
    }
    calls += 1;
    // Seeded by the call number, so a test run fails the same calls every time.
    if (options.errorRate > 0 && seededRandom(`failure:${calls}`).chance(options.errorRate)) {
      throw new ProviderError('unavailable', 'Sandbox upstream failure (503)');
    }
  }

  return {
    name: 'sandbox',
    capabilities: { search: true, similar: true, followers: true, following: true, hashtag: true },
    async fetchProfile(username, { signal } = {}) {
      await call(signal);
      return sandboxProfile(username, new Date(clock.now()));
    },
    async searchUsers(keyword, { cursor, signal } = {}) {
      await call(signal);
      // The cursor is the number of the next page after the first.
      const page = cursor ? Number(cursor) || 0 : 0;
      const usernames =
        page === 0 ? searchSandboxAccounts(keyword) : moreSandboxSearchAccounts(keyword, page);
      const users = usernames.flatMap((name) => sandboxListedAccount(name) ?? []);
      return { users, nextCursor: page < sandboxSearchMorePages(keyword) ? String(page + 1) : null };
    },
    async similarAccounts(username, { signal } = {}) {
      await call(signal);
      return similarSandboxAccounts(username).flatMap((name) => sandboxListedAccount(name) ?? []);
    },
    async listAccounts(kind, target, { cursor, signal } = {}) {
      await call(signal);
      return sandboxAccountPage(kind, target, cursor);
    },
  };
}
