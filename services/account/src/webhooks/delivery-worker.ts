import type { TDatabase } from '@prospector/db';
import type { TLogger, TStoppable } from '@prospector/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { nextAttemptAt } from './retry-schedule.ts';
import { sendWebhook, type TAttemptOutcome } from './send-webhook.ts';
import type { TWebhookConfig } from './webhook-config.ts';
import { WEBHOOK_NOT_SET_MESSAGE } from './webhook-store.ts';

/** One lock for every process's claims, so the count of attempts in flight per endpoint is exact. */
const CLAIM_LOCK = 'account.webhook_deliveries:claim';

interface TClaimed {
  id: string;
  ownerKey: string;
  payload: unknown;
  claimId: string;
  attempts: number;
  windowStartedAt: Date;
  url: string | null;
  secret: string | null;
}

export interface TWebhookWorker extends TStoppable {
  /** Look for due messages now (one was just written or resent here). */
  kick(): void;
}

/**
 * Sends due webhook messages from the `webhook_deliveries` table, in every process: each claims due
 * messages (a lease of `leaseMs` per message), attempts them, and writes the outcome only while its claim
 * still holds. A process that dies mid-attempt leaves the claim to expire and another takes the message
 * over, so a message survives restarts; a message is delivered at least once, and once delivered is never
 * sent again unless resent.
 *
 * One customer's endpoint never holds up another's: a process has at most `concurrency` attempts in
 * flight, an endpoint at most `perEndpointConcurrency` over all processes (a lease still running counts,
 * also one a dead process left), and each attempt ends after `timeoutMs`. The sender never waits for a
 * group of attempts: each slot is claimed again as soon as its attempt is written, and a claim passes over
 * the messages of endpoints already at their limit, so another customer's due message is taken at once.
 */
export function startWebhookWorker(options: {
  database: TDatabase;
  config: TWebhookConfig;
  logger: TLogger;
}): TWebhookWorker {
  const { config, logger } = options;
  const worker: TWorker = { db: options.database.db, config, logger };
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | null = null;
  let again = false;

  const send = (message: TClaimed) => {
    const sending = attempt(worker, message)
      .catch((error: unknown) =>
        logger.warn('webhook attempt not recorded', { deliveryId: message.id, error }),
      )
      .finally(() => {
        inFlight.delete(sending);
        // Its slot (and its endpoint's) is free: fill it now.
        fill();
      });
    inFlight.add(sending);
  };

  /** Claims due messages for the free slots until none is left or nothing more is due. */
  const claimUntilFull = async () => {
    do {
      again = false;
      while (!stopped && inFlight.size < config.concurrency) {
        const wanted = config.concurrency - inFlight.size;
        const claimed = await claimDue(worker, wanted);
        for (const message of claimed) send(message);
        if (claimed.length < wanted) break;
      }
    } while (again && !stopped);
  };

  const fill = () => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    clearTimeout(timer);
    claiming = claimUntilFull()
      .catch((error: unknown) => logger.warn('webhook claim failed', { error }))
      .finally(() => {
        claiming = null;
        schedule();
      });
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(fill, config.pollMs);
    timer.unref();
  };

  fill();
  return {
    kick: fill,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await claiming;
      await Promise.all(inFlight);
    },
  };
}

/** What a pass's steps share. */
interface TWorker {
  db: TDatabase['db'];
  config: TWebhookConfig;
  logger: TLogger;
}

/**
 * Claims up to `limit` due messages for one attempt each, with their workspace's endpoint (one per workspace): the
 * oldest due first, and of each endpoint only as many as its free places (`perEndpointConcurrency` less
 * its leases still running). Claims are taken one process at a time (a transaction-scoped advisory lock,
 * held for this one statement), so two processes never fill the same endpoint's last place.
 *
 * Its cost follows the endpoints with messages waiting, not the messages: the endpoints are found by a
 * skip scan of `webhook_deliveries_pending_idx`, each one's leases counted in the small
 * `webhook_deliveries_leased_idx`, and at most its free places read of its due messages, so a dead
 * endpoint's backlog of thousands costs every claim two index probes.
 */
async function claimDue({ db, config }: TWorker, limit: number): Promise<TClaimed[]> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${CLAIM_LOCK}, 0))`);
    return tx.execute<Omit<TClaimed, 'windowStartedAt'> & { windowStartedAt: string }>(sql`
      with recursive endpoints as (
        (select owner_key from ${webhookDeliveries} where status = 'pending' order by owner_key limit 1)
        union all
        select (
          select p.owner_key from ${webhookDeliveries} p
          where p.status = 'pending' and p.owner_key > e.owner_key
          order by p.owner_key limit 1
        )
        from endpoints e where e.owner_key is not null
      ),
      places as (
        select e.owner_key, ${config.perEndpointConcurrency} - (
          select count(*) from ${webhookDeliveries} h
          where h.owner_key = e.owner_key and h.status = 'pending'
            and h.locked_until is not null and h.locked_until >= now()
        ) as free
        from endpoints e where e.owner_key is not null
      ),
      picked as (
        select c.id from places
        cross join lateral (
          select c.id, c.next_attempt_at from ${webhookDeliveries} c
          where c.owner_key = places.owner_key and c.status = 'pending' and c.next_attempt_at <= now()
            and (c.locked_until is null or c.locked_until < now())
          order by c.next_attempt_at
          limit greatest(places.free, 0)
        ) c
        order by c.next_attempt_at, c.id
        limit ${limit}
      )
      update ${webhookDeliveries} d
      set claim_id = gen_random_uuid(),
          locked_until = now() + ${config.leaseMs} * interval '1 millisecond',
          attempts = d.attempts + 1,
          last_attempt_at = now()
      from picked
      where d.id = picked.id and d.status = 'pending'
        and (d.locked_until is null or d.locked_until < now())
      returning d.id, d.owner_key as "ownerKey", d.payload, d.claim_id as "claimId", d.attempts,
        d.window_started_at as "windowStartedAt",
        (select e.url from ${webhookEndpoints} e where e.owner_key = d.owner_key) as url,
        (select e.secret from ${webhookEndpoints} e where e.owner_key = d.owner_key) as secret`);
  });
  return rows.map((row) => ({ ...row, windowStartedAt: new Date(row.windowStartedAt) }));
}

/** Writes the attempt's outcome and the next attempt, if any, while this process's claim still holds. */
async function recordOutcome(
  { db, config }: TWorker,
  message: TClaimed,
  outcome: TAttemptOutcome,
  final = false,
) {
  const delivered = 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
  const now = new Date();
  const next = delivered || final ? null : nextAttemptAt({ ...message, now, config });
  await db
    .update(webhookDeliveries)
    .set({
      status: delivered ? 'delivered' : next ? 'pending' : 'failed',
      responseStatus: 'status' in outcome ? outcome.status : null,
      lastError: 'error' in outcome ? outcome.error : null,
      nextAttemptAt: next,
      deliveredAt: delivered ? now : null,
      claimId: null,
      lockedUntil: null,
    })
    .where(and(eq(webhookDeliveries.id, message.id), eq(webhookDeliveries.claimId, message.claimId)));
}

async function attempt(worker: TWorker, message: TClaimed): Promise<void> {
  if (!message.url || !message.secret) {
    return recordOutcome(worker, message, { error: WEBHOOK_NOT_SET_MESSAGE }, true);
  }
  const outcome = await sendWebhook({
    url: message.url,
    id: message.id,
    secret: message.secret,
    body: JSON.stringify(message.payload),
    config: worker.config,
  });
  if ('error' in outcome)
    worker.logger.info('webhook attempt failed', { deliveryId: message.id, error: outcome.error });
  await recordOutcome(worker, message, outcome);
}
