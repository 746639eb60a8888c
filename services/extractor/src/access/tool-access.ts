import type { TEventBus, TSubscription } from '@prospector/bus';
import {
  ACCOUNT_RPC,
  AppError,
  isPaywalled,
  TRIAL_EXPIRED_MESSAGE,
  type TToolAccessResponse,
} from '@prospector/contracts';
import { LRUCache } from 'lru-cache';
import { systemClock, type TClock } from '../providers/clock.ts';

/** A workspace's access state is asked again after this long, unless a profile event updated it first. */
export const TOOL_ACCESS_TTL_MS = 60_000;
/** The account service has this long to answer; a start or a search waits for it. */
const ASK_TIMEOUT_MS = 3_000;
const MAX_ENTRIES = 10_000;

/** The account service could not say whether the user may use the tools: the route answers 503. */
export class ToolAccessUnknownError extends Error {
  constructor(cause: unknown) {
    super('The account service did not say whether the tools are open', { cause });
    this.name = 'ToolAccessUnknownError';
  }
}

/**
 * The paywall (docs/product.md §6 "Gating") on the extractor's side, per workspace: its plan is the
 * profile whose user id is the workspace id (its owner's subscription, docs/architecture.md §17), so the
 * workspace id is what `rpc.account.tool-access` is asked about. The account service owns the
 * trial start and projects billing's subscription onto the profile; it answers `rpc.account.tool-access`
 * in every mode (in-process bus or NATS). The answer is cached per workspace, and decided at each check with
 * this process's clock: a trial that ends while cached is refused on time. Any change of the profile
 * (`accounts.updated`: a purchase, a cancellation's end, an edit) or its erasure drops the workspace's
 * cached state in every process at once, and the next check asks again; an event's payload is not
 * trusted to be the latest. The TTL only bounds the lag of a missed event or a change made straight in
 * the database. Concurrent checks of one user share one question.
 */
export function createToolAccess(options: { bus: TEventBus; clock?: TClock; ttlMs?: number }) {
  const clock = options.clock ?? systemClock;
  const ttlMs = options.ttlMs ?? TOOL_ACCESS_TTL_MS;
  const entries = new LRUCache<string, TToolAccessResponse>({
    max: MAX_ENTRIES,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: clock,
  });
  const inFlight = new Map<string, Promise<TToolAccessResponse>>();
  // Bumped by every event: an answer asked for before one may be older than it and is not cached.
  let changes = 0;

  function ask(ownerKey: string): Promise<TToolAccessResponse> {
    const pending = inFlight.get(ownerKey);
    if (pending) return pending;
    const changesBefore = changes;
    const question = options.bus
      .request(ACCOUNT_RPC.toolAccess, { userId: ownerKey }, { timeoutMs: ASK_TIMEOUT_MS })
      .then((state) => {
        if (changes === changesBefore) entries.set(ownerKey, state);
        return state;
      })
      .catch((error: unknown) => {
        throw new ToolAccessUnknownError(error);
      })
      .finally(() => inFlight.delete(ownerKey));
    inFlight.set(ownerKey, question);
    return question;
  }

  return {
    /**
     * Resolves with the workspace's state (its plan gives the limits, `planLimitsOf`) when the
     * workspace `ownerKey` may extract and search; throws AppError TRIAL_EXPIRED (402) when its trial is
     * over without an active subscription, ToolAccessUnknownError when the account service cannot answer.
     */
    async check(ownerKey: string): Promise<TToolAccessResponse> {
      const state = entries.get(ownerKey) ?? (await ask(ownerKey));
      if (isPaywalled(state, new Date(clock.now())))
        throw new AppError('TRIAL_EXPIRED', TRIAL_EXPIRED_MESSAGE);
      return state;
    },
    /** Keeps the cached states current from the account service's live profile events; stop on shutdown. */
    follow(): Promise<TSubscription> {
      return options.bus.subscribe(['accounts.updated', 'accounts.erased'], ({ event }) => {
        // The profile's user id is the workspace id whose plan it holds.
        if (!event.userId) return;
        changes += 1;
        inFlight.delete(event.userId);
        entries.delete(event.userId);
      });
    },
  };
}
export type TToolAccess = ReturnType<typeof createToolAccess>;
