import type { TEventBus, TSubscription } from '@prospector/bus';
import { ACCOUNT_RPC, type TDataAccessAnswer, type TEventData } from '@prospector/contracts';
import { recordAudit, type TDatabase } from '@prospector/db';
import type { TOptOutKeys } from '@prospector/service-kit';
import { inArray, sql } from 'drizzle-orm';
import { auditTrail, extractions } from '../db/schema.ts';

type TDb = TDatabase['db'];

/** The profile fields a saved record can hold, as the answer names them. */
const FIELDS: Array<[keyof typeof extractions._.columns, string]> = [
  ['fullName', 'name'],
  ['publicEmail', 'public e-mail'],
  ['followerCount', 'follower count'],
  ['followingCount', 'following count'],
  ['mediaCount', 'post count'],
  ['isVerified', 'verified badge'],
  ['isPrivate', 'private flag'],
  ['category', 'category'],
  ['biography', 'biography'],
  ['emailSourceUrl', 'the website page the e-mail was read on'],
];

/**
 * `optouts.access-requested`: what the customers' saved records hold about the account, mailed (by the
 * account service, which sends the product's mail) to each e-mail the profile showed. Nothing is sent
 * when nothing is held or no e-mail is known: the answer may only go to the profile's own address.
 */
export function consumeAccessRequests(db: TDb, bus: TEventBus, keys: TOptOutKeys): Promise<TSubscription> {
  return bus.consume(
    { durable: 'database-access-requests', stream: 'OPTOUTS', filterSubjects: ['optouts.access-requested'] },
    async ({ event }) => {
      await answerAccessRequest(db, bus, keys, event.data);
    },
  );
}

export async function answerAccessRequest(
  db: TDb,
  bus: Pick<TEventBus, 'request'>,
  keys: TOptOutKeys,
  { usernameKey }: TEventData<'optouts.access-requested'>,
): Promise<number> {
  const held = await db.execute<{ username: string }>(
    sql`select distinct instagram_username as username from ${extractions}`,
  );
  const usernames = held.map((row) => row.username).filter((name) => keys.username(name) === usernameKey);
  const rows =
    usernames.length > 0
      ? await db.select().from(extractions).where(inArray(extractions.instagramUsername, usernames))
      : [];
  const addresses = [
    ...new Set(
      rows
        .map((row) => row.publicEmail?.trim().toLowerCase())
        .filter((email): email is string => Boolean(email)),
    ),
  ];
  const [username] = usernames;
  let sent = 0;
  if (username && addresses.length > 0) {
    const times = rows.map((row) => row.createdAt.getTime());
    const fields = FIELDS.filter(([column]) =>
      rows.some((row) => row[column as keyof typeof row] !== null),
    ).map(([, label]) => label);
    for (const to of addresses) {
      const answer: TDataAccessAnswer = {
        to,
        username,
        // A customer is a workspace now (docs/architecture.md §17): one record each per account.
        holders: new Set(rows.map((row) => row.ownerKey)).size,
        fields: ['username', ...fields],
        firstSavedAt: new Date(Math.min(...times)).toISOString(),
        lastSavedAt: new Date(Math.max(...times)).toISOString(),
      };
      await bus.request(ACCOUNT_RPC.dataAccessAnswer, answer);
      sent += 1;
    }
  }
  await db.transaction((tx) =>
    recordAudit(tx, auditTrail, { action: 'access-request', scope: 'answers mailed', records: sent }),
  );
  return sent;
}
