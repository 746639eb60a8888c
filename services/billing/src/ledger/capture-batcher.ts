import { type TCaptureRequest, type TCaptureResponse, ZCaptureRequestSchema } from '@prospector/contracts';
import { sql } from 'drizzle-orm';
import {
  CAPTURE_NOTIFY_CHANNEL,
  captureCredits,
  newCaptureEvent,
  type TCaptureInput,
  type TCaptureOutcome,
  toCaptureResponse,
} from './capture-credits.ts';
import type { TLedgerDb } from './ledger-db.ts';

export const DEFAULT_CAPTURE_BATCH_SIZE = 100;

interface TPendingCapture {
  input: TCaptureInput;
  resolve(response: TCaptureResponse): void;
  reject(error: unknown): void;
}

/**
 * Captures are bound by commits: each one waits for its own WAL flush. This batcher gathers the
 * captures that arrive while one batch is committing and sends them as the next batch, one statement
 * and one commit (`billing.capture_credits_batch`, migration 0003), with each item keeping its own
 * outcome. One batch runs at a time per process, so batches of one process never wait on each other's
 * locks; items go in hold order, so batches of several instances take hold locks in one order. A batch
 * that fails as a whole (a deadlock with another instance, an item key raced from another process) is
 * retried capture by capture, each getting its own answer.
 */
export function createCaptureBatcher(db: TLedgerDb, maxBatchSize = DEFAULT_CAPTURE_BATCH_SIZE) {
  const queue: TPendingCapture[] = [];
  let draining = false;

  async function runBatch(batch: TPendingCapture[]): Promise<void> {
    const ordered = [...batch].sort((a, b) =>
      a.input.holdId < b.input.holdId ? -1 : a.input.holdId > b.input.holdId ? 1 : 0,
    );
    let outcomes: TCaptureOutcome[];
    try {
      const items = ordered.map(({ input }) => ({ ...input, ...newCaptureEvent() }));
      const rows = await db.execute<{ results: TCaptureOutcome[] }>(
        sql`select "billing"."capture_credits_batch"(${JSON.stringify(items)}::jsonb, ${CAPTURE_NOTIFY_CHANNEL}::text) as results`,
      );
      outcomes = rows[0]?.results ?? [];
      if (outcomes.length !== ordered.length)
        throw new Error('capture_credits_batch answered a different count');
    } catch {
      await Promise.all(
        ordered.map((pending) => captureCredits(db, pending.input).then(pending.resolve, pending.reject)),
      );
      return;
    }
    ordered.forEach((pending, index) => {
      try {
        pending.resolve(toCaptureResponse(pending.input.amount, outcomes[index] as TCaptureOutcome));
      } catch (error) {
        pending.reject(error);
      }
    });
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (queue.length > 0) await runBatch(queue.splice(0, maxBatchSize));
    } finally {
      draining = false;
    }
  }

  return function capture(request: TCaptureRequest): Promise<TCaptureResponse> {
    const input = ZCaptureRequestSchema.parse(request);
    return new Promise((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!draining) void drain();
    });
  };
}
