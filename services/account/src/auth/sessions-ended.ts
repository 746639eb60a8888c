import { createEvent, type TEventData } from '@prospector/contracts';
import { enqueueEvent, type TDatabase, type TOutboxWriter } from '@prospector/db';
import { outbox } from '../db/schema.ts';

export type TSessionEndReason = TEventData<'accounts.sessions-ended'>['reason'];

/** Records `accounts.sessions-ended` so every service's session cache drops the user at once. */
export function enqueueSessionsEnded(tx: TOutboxWriter, userId: string, reason: TSessionEndReason) {
  const data: TEventData<'accounts.sessions-ended'> = { reason };
  return enqueueEvent(tx, outbox, createEvent('accounts.sessions-ended', userId, data));
}

export function publishSessionsEnded(database: TDatabase, userId: string, reason: TSessionEndReason) {
  return database.db.transaction((tx) => enqueueSessionsEnded(tx, userId, reason));
}
