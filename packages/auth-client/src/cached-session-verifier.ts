import type { TEventEnvelope, TVerifiedUser } from '@prospector/contracts';
import type { TSessionVerifier } from './session-verifier.ts';

/** How long a verified session is trusted without asking again (a fallback bound, see below). */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** Events after which a user's cached sessions are dropped at once. */
export const SESSION_END_SUBJECTS = ['accounts.sessions-ended', 'accounts.erased'];

/** The part of the bus this needs: live fan-out (`TEventBus.subscribe`). */
export interface TLiveEventSource {
  subscribe(
    subjects: string[],
    handler: (delivery: { event: TEventEnvelope }) => void | Promise<void>,
  ): Promise<{ stop(): Promise<void> }>;
}

export interface TCachedSessionVerifier extends TSessionVerifier {
  /** Drops every cached session of `userId`. */
  forgetUser(userId: string): void;
  /** Stops listening for session-end events. */
  stop(): Promise<void>;
}

interface TEntry {
  user: TVerifiedUser;
  expiresAt: number;
}

/**
 * Caches positive answers of `source` for `ttlMs`, keyed by the session headers. The account
 * service publishes `accounts.sessions-ended` on sign-out, password change or reset and erasure;
 * every cache drops that user's entries when it arrives, so a sign-out takes effect everywhere at
 * once and the TTL only bounds the lag if an event is missed.
 */
export async function createCachedSessionVerifier(options: {
  source: TSessionVerifier;
  events?: TLiveEventSource;
  ttlMs?: number;
  now?: () => number;
}): Promise<TCachedSessionVerifier> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, TEntry>();

  const forgetUser = (userId: string) => {
    for (const [key, entry] of entries) if (entry.user.userId === userId) entries.delete(key);
  };
  const subscription = await options.events?.subscribe(SESSION_END_SUBJECTS, ({ event }) => {
    if (event.userId) forgetUser(event.userId);
  });

  return {
    async verify(headers) {
      const key = `${headers.get('cookie') ?? ''}\n${headers.get('authorization') ?? ''}`;
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.user;
      entries.delete(key);
      const user = await options.source.verify(headers);
      if (user) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, { user, expiresAt: now() + ttlMs });
      }
      return user;
    },
    forgetUser,
    async stop() {
      entries.clear();
      await subscription?.stop();
    },
  };
}
