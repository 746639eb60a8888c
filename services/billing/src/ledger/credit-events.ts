import { createEvent, type TCreditChange, type TEventType } from '@prospector/contracts';
import { enqueueEvent, type TOutboxWriter } from '@prospector/db';
import { outbox } from '../db/schema.ts';

export type TCreditEventType = Extract<TEventType, `credits.${string}`>;

/** Whose credits changed (the workspace) and which member made the change. */
export interface TCreditActor {
  ownerKey: string;
  userId: string;
}

/** Records one `credits.*` event in the outbox, inside the transaction that made the change. */
export function enqueueCreditChange(
  tx: TOutboxWriter,
  type: TCreditEventType,
  actor: TCreditActor,
  change: TCreditChange,
): Promise<void> {
  return enqueueEvent(tx, outbox, createEvent(type, actor, change));
}
