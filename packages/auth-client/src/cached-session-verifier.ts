import type { TEventEnvelope, TVerifiedUser } from '@prospector/contracts';
import { LRUCache } from 'lru-cache';
import type { TSessionVerifier } from './session-verifier.ts';

/** How long a verified session is trusted without asking again (a fallback bound, see below). */
export const SESSION_CACHE_TTL_MS = 5_000;
/**
 * Past this share of the TTL, a hit still answers from the cache but asks again in the background,
 * so a session in steady use never waits for the account service (nor do 50 requests at once when
 * its entry expires).
 */
const REFRESH_AFTER_SHARE = 0.6;
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
  refreshAt: number;
}

/**
 * Caches positive answers of `source` for `ttlMs`, keyed by the session headers. Concurrent requests
 * with the same session share one question to `source`, and an entry in use is refreshed in the
 * background before it expires; an answer is never used past `ttlMs` after it was given. The account
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
  // Each entry expires `ttlMs` after its answer was asked for (set with what is left of that).
  const entries = new LRUCache<string, TEntry>({
    max: MAX_ENTRIES,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now },
  });
  // One question per session at a time; concurrent callers share its answer.
  const inFlight = new Map<string, Promise<TVerifiedUser | null>>();
  // Bumped by every eviction: an answer asked for before one is not cached (it may predate a sign-out).
  let evictions = 0;

  const forgetUser = (userId: string) => {
    evictions += 1;
    // A question already asked may predate the session's end: later callers must not share it.
    inFlight.clear();
    for (const [key, entry] of entries.entries()) if (entry.user.userId === userId) entries.delete(key);
  };
  const subscription = await options.events?.subscribe(SESSION_END_SUBJECTS, ({ event }) => {
    if (event.userId) forgetUser(event.userId);
  });

  function ask(key: string, headers: Headers): Promise<TVerifiedUser | null> {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const askedAt = now();
    const evictionsBefore = evictions;
    const question = options.source
      .verify(headers)
      .then((user) => {
        if (!user) entries.delete(key);
        else if (evictions === evictionsBefore) {
          const left = askedAt + ttlMs - now();
          if (left > 0)
            entries.set(key, { user, refreshAt: askedAt + ttlMs * REFRESH_AFTER_SHARE }, { ttl: left });
          else entries.delete(key);
        }
        return user;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, question);
    return question;
  }

  return {
    async verify(headers) {
      const key = `${headers.get('cookie') ?? ''}\n${headers.get('authorization') ?? ''}`;
      const cached = entries.get(key);
      if (cached) {
        // A failed background refresh changes nothing: the entry stays good until it expires.
        if (cached.refreshAt <= now() && !inFlight.has(key)) ask(key, new Headers(headers)).catch(() => {});
        return cached.user;
      }
      return ask(key, headers);
    },
    forgetUser,
    async stop() {
      entries.clear();
      await subscription?.stop();
    },
  };
}
