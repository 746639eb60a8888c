import type { TEventBus } from '@prospector/bus';
import { eraseUserEvents, type TDatabase } from '@prospector/db';
import { outbox } from '../db/schema.ts';

/**
 * `accounts.erased`, heard by the service that sent it: once its relay has published the user's events
 * (the erasure's own included), they leave the outbox, so no row here names the user any more. While
 * one is unpublished the delivery fails and comes back later.
 */
export function consumeAccountErasures(database: TDatabase, bus: TEventBus) {
  return bus.consume(
    { durable: 'account-accounts-erased', stream: 'ACCOUNTS', filterSubjects: ['accounts.erased'] },
    async ({ event }) => {
      if (event.userId) await eraseUserEvents(database.db, outbox, event.userId);
    },
  );
}
