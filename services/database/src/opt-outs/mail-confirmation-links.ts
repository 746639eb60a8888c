import type { TEventBus, TSubscription } from '@prospector/bus';
import { ACCOUNT_RPC, type TEventData } from '@prospector/contracts';
import { consumeOptOutEvents, recordAudit, type TDatabase } from '@prospector/db';
import type { TOptOutKeys } from '@prospector/service-kit';
import { auditTrail } from '../db/schema.ts';
import { findHeldMatches } from './held-matches.ts';

type TDb = TDatabase['db'];

/**
 * `optouts.recorded` (an opt-out not yet confirmed, docs/product.md §10): nothing saved is touched. When
 * customers hold records of the account that show an e-mail, each such address gets a link (through the
 * account service, which sends the product's mail, as the access request's answer does) that confirms
 * the opt-out. Only addresses shown on the account's own records are mailed, never the e-mail the
 * requester typed: a link proves that its reader owns an address the profile showed, so it may confirm
 * the account and the copies carrying that address, and no one can confirm someone else's account with
 * their own mailbox. The confirmation (`optouts.confirmed`) is what removes the copies. Nothing is sent
 * when nothing with an e-mail is held: the page's bio code is the other way to confirm.
 */
export const consumeOptOutRequests = (db: TDb, bus: TEventBus, keys: TOptOutKeys): Promise<TSubscription> =>
  consumeOptOutEvents(bus, 'database-optout-requests', 'optouts.recorded', (request) =>
    mailConfirmationLinks(db, bus, keys, request),
  );

export async function mailConfirmationLinks(
  db: TDb,
  bus: Pick<TEventBus, 'request'>,
  keys: TOptOutKeys,
  request: TEventData<'optouts.recorded'>,
): Promise<number> {
  const { pairs } = await findHeldMatches(db, keys, { usernameKey: request.usernameKey, emailKey: null });
  // One mail per address the account's records show, naming the account as it was saved.
  const byAddress = new Map<string, string>();
  for (const { username, email } of pairs) if (email && !byAddress.has(email)) byAddress.set(email, username);
  let sent = 0;
  for (const [to, username] of byAddress) {
    const emailKey = keys.email(to);
    if (!emailKey) continue;
    await bus.request(ACCOUNT_RPC.optOutConfirmation, {
      to,
      username,
      token: keys.confirmationToken(request.requestId, emailKey),
      expiresAt: request.expiresAt,
    });
    sent += 1;
  }
  await db.transaction((tx) =>
    recordAudit(tx, auditTrail, { action: 'opt-out', scope: 'confirmation links mailed', records: sent }),
  );
  return sent;
}
