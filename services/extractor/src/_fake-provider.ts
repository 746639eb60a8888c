import { setTimeout as sleep } from 'node:timers/promises';
import type { TExtractionData } from '@prospector/contracts';
import { bareExtractionData } from '@prospector/contracts/testing';
import {
  cannotListAccounts,
  NO_ACCOUNT_LISTS,
  ProviderError,
  type TDataProvider,
  type TFetchProfileResult,
} from './providers/provider-port.ts';

/** The Instagram data provider stood in for, in tests and in the crash test's extractor processes. */

export function profileOf(username: string, email: string | null): TExtractionData {
  return {
    ...bareExtractionData(username),
    full_name: `Name of ${username}`,
    follower_count: 10,
    following_count: 5,
    media_count: 1,
    is_verified: false,
    is_private: false,
    public_email: email,
    biography: 'Sample biography',
    email_provenance: email
      ? { provider: 'sandbox', field: 'public_email', fetchedAt: new Date().toISOString() }
      : null,
  };
}

/** A profile as a careless or hostile provider sends it: megabytes of text, control characters. */
export function oversizedProfileOf(username: string): TExtractionData {
  return {
    ...profileOf(username, `${username}@example.com`),
    full_name: `Huge\u0000 name\u0007 ${'N'.repeat(10_000)}`,
    category: 'C'.repeat(10_000),
    country: 'Italy\u001B[31m',
    external_url: `https://example.com/${'u'.repeat(5_000)}`,
    biography: `First line\r\nSecond\u0000 line\n${'B'.repeat(500_000)}`,
  };
}

/**
 * The outer edge stood in for: a provider whose answer depends on the username's prefix —
 * `mail*` has a public e-mail, `nomail*` has none, `ghost*` does not exist, `broken*` fails
 * (ProviderError), `huge*` has an e-mail and oversized texts, `<local>_at_<domain>` shows
 * `<local>@<domain>` — and that can be held (`gate`) to keep a run in progress. `externalUrlOf` gives
 * profiles a website (none by default).
 */
export function createFakeProvider({
  latencyMs = 0,
  externalUrlOf = () => null,
}: {
  latencyMs?: number;
  externalUrlOf?: (username: string) => string | null;
} = {}) {
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  const calls: string[] = [];
  const provider: TDataProvider & {
    calls: string[];
    hold(): void;
    release(): void;
    failEverything: boolean;
  } = {
    name: 'sandbox',
    capabilities: { search: false, similar: false, ...NO_ACCOUNT_LISTS },
    calls,
    failEverything: false,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      open?.();
      gate = undefined;
    },
    async fetchProfile(username): Promise<TFetchProfileResult> {
      calls.push(username);
      if (gate) await gate;
      if (latencyMs > 0) await sleep(latencyMs);
      if (provider.failEverything || username.startsWith('broken')) {
        throw new ProviderError('unavailable', 'Service down');
      }
      if (username.startsWith('ghost')) return { kind: 'not_found' };
      const website = { external_url: externalUrlOf(username) };
      if (username.startsWith('nomail')) {
        return { kind: 'found', profile: { ...profileOf(username, null), ...website } };
      }
      if (username.startsWith('huge')) return { kind: 'found', profile: oversizedProfileOf(username) };
      const shown = /^(.+)_at_(.+)$/.exec(username);
      const email = shown ? `${shown[1]}@${shown[2]}` : `${username}@example.com`;
      return { kind: 'found', profile: { ...profileOf(username, email), ...website } };
    },
    searchUsers: async () => ({ users: [], nextCursor: null }),
    similarAccounts: async () => [],
    listAccounts: cannotListAccounts,
  };
  return provider;
}
export type TFakeProvider = ReturnType<typeof createFakeProvider>;
