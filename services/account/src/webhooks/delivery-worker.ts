import type { TDatabase } from '@prospector/db';
import type { TLogger, TStoppable } from '@prospector/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { nextAttemptAt } from './retry-schedule.ts';
import { sendWebhook, type TAttemptOutcome } from './send-webhook.ts';
import type { TWebhookConfig } from './webhook-config.ts';
import { WEBHOOK_NOT_SET_MESSAGE } from './webhook-store.ts';

/** Messages one pass claims at once, per process. */
const CLAIM_BATCH = 8;

interface TClaimed {
  id: string;
  userId: string;
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
 * Sends due webhook messages from the `webhook_deliveries` table, in every process: each claims a few
 * (`for update skip locked`, a lease of `leaseMs`), attempts them, and writes the outcome only while its
 * claim still holds. A process that dies mid-attempt leaves the claim to expire and another takes the
 * message over, so a message survives restarts; a message is delivered at least once, and once
 * delivered is never sent again unless resent.
 */
export function startWebhookWorker(options: {
  database: TDatabase;
  config: TWebhookConfig;
  logger: TLogger;
}): TWebhookWorker {
  const { config, logger } = options;
  const worker: TWorker = { db: options.database.db, config, logger };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const pass = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const claimed = await claimDue(worker);
        if (claimed.length === 0) break;
        await Promise.all(claimed.map((message) => attempt(worker, message)));
      }
    } while (again && !stopped);
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .catch((error: unknown) => logger.warn('webhook pass failed', { error }))
      .finally(() => {
        running = null;
        schedule();
      });
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, config.pollMs);
    timer.unref();
  };

  run();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** What a pass's steps share. */
interface TWorker {
  db: TDatabase['db'];
  config: TWebhookConfig;
  logger: TLogger;
}

/** Claims up to CLAIM_BATCH due messages for one attempt each, with their user's endpoint. */
async function claimDue({ db, config }: TWorker): Promise<TClaimed[]> {
  const rows = await db.execute<Omit<TClaimed, 'windowStartedAt'> & { windowStartedAt: string }>(sql`
    with due as (
      select id from ${webhookDeliveries}
      where status = 'pending' and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit ${CLAIM_BATCH}
      for update skip locked
    )
    update ${webhookDeliveries} d
    set claim_id = gen_random_uuid(),
        locked_until = now() + ${config.leaseMs} * interval '1 millisecond',
        attempts = d.attempts + 1,
        last_attempt_at = now()
    from due
    where d.id = due.id
    returning d.id, d.user_id as "userId", d.payload, d.claim_id as "claimId", d.attempts,
      d.window_started_at as "windowStartedAt",
      (select e.url from ${webhookEndpoints} e where e.user_id = d.user_id) as url,
      (select e.secret from ${webhookEndpoints} e where e.user_id = d.user_id) as secret`);
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
