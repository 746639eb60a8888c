import { createHash } from 'node:crypto';
import { AppError, V1_MESSAGES } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiIdempotencyKeys } from '../db/schema.ts';
import type { TRunActor } from '../runs/run-actor.ts';

/** How long a key is remembered: a client's retries come within minutes, a day is plenty. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** A claim whose run never appeared (its process died while starting it) is given up after this. */
export const ABANDONED_CLAIM_MS = 30_000;
/** How long a request waits for the run another request with its key is starting. */
const WAIT_FOR_CLAIM_MS = 20_000;
const POLL_MS = 50;

/** The body as the route parsed it, hashed with sorted keys so key order does not count as a change. */
export function requestHashOf(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a run once per workspace and `Idempotency-Key` (whichever member's key sends it): the same key with the same body answers the run the
 * first request started (`replayed`), with another body 409. The first request claims the key with an
 * insert (the primary key lets one win, whatever the process), starts the run and records its id;
 * concurrent requests with the key wait for that id. No connection is held while waiting or starting,
 * so a burst of retries cannot starve the pool the run's own start needs. A failed start gives the key
 * back, so a retry starts afresh.
 */
export async function startIdempotently(
  db: TDatabase['db'],
  input: { actor: TRunActor; key: string; body: unknown; start: () => Promise<{ id: string }> },
): Promise<{ runId: string; replayed: boolean }> {
  const requestHash = requestHashOf(input.body);
  const { userId, ownerKey } = input.actor;
  const ours = and(eq(apiIdempotencyKeys.ownerKey, ownerKey), eq(apiIdempotencyKeys.key, input.key));
  const deadline = Date.now() + WAIT_FOR_CLAIM_MS;
  for (;;) {
    await db.delete(apiIdempotencyKeys).where(
      and(
        ours,
        sql`(${apiIdempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})
            or (${apiIdempotencyKeys.runId} is null
              and ${apiIdempotencyKeys.createdAt} < now() - make_interval(secs => ${ABANDONED_CLAIM_MS / 1000})))`,
      ),
    );
    const claimed = await db
      .insert(apiIdempotencyKeys)
      .values({ ownerKey, userId, key: input.key, requestHash })
      .onConflictDoNothing()
      .returning({ key: apiIdempotencyKeys.key });
    if (claimed.length > 0) {
      let runId: string;
      try {
        runId = (await input.start()).id;
      } catch (error) {
        await db.delete(apiIdempotencyKeys).where(and(ours, isNull(apiIdempotencyKeys.runId)));
        throw error;
      }
      await db.update(apiIdempotencyKeys).set({ runId }).where(ours);
      return { runId, replayed: false };
    }
    const [known] = await db.select().from(apiIdempotencyKeys).where(ours);
    if (known) {
      if (known.requestHash !== requestHash)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', V1_MESSAGES.idempotencyConflict);
      if (known.runId) return { runId: known.runId, replayed: true };
    }
    // Another request holds the key and is starting its run (or gave the key back): look again.
    if (Date.now() > deadline)
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', V1_MESSAGES.idempotencyInProgress);
    await sleep(POLL_MS);
  }
}
