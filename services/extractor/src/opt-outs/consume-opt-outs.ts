import type { TEventBus } from '@prospector/bus';
import { optedOutMessage, type TEventData } from '@prospector/contracts';
import { consumeOptOutEvents, recordAudit, rememberOptOut, type TDatabase } from '@prospector/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { auditTrail, extractionRunItems, optOuts, providerCache, websitePages } from '../db/schema.ts';
import type { TOptOutCheck } from './opt-out-check.ts';

/**
 * `optouts.recorded` (not yet confirmed, docs/product.md §10): the extractor keeps the keyed hashes until
 * the request lapses, so every process refuses new extractions of the account at once, for free. Nothing
 * a customer holds is touched.
 */
export const consumeOptOuts = (db: TDatabase['db'], bus: TEventBus) =>
  consumeOptOutEvents(bus, 'extractor-optouts', 'optouts.recorded', (request) =>
    rememberOptOut(db, optOuts, request),
  );

/**
 * `optouts.confirmed`: the owner confirmed. The extractor keeps the hashes for good and scrubs every copy
 * it holds: the profile and e-mail of its run items (the item stays, with the opt-out as its message, so a
 * run's counts still add up), its cached provider answers, and the website pages cached for the profile's
 * linked site. Idempotent: a redelivery finds nothing left.
 */
export const consumeConfirmedOptOuts = (db: TDatabase['db'], bus: TEventBus, check: TOptOutCheck) =>
  consumeOptOutEvents(bus, 'extractor-optouts-confirmed', 'optouts.confirmed', (optOut) =>
    applyOptOut(db, check, optOut),
  );

export async function applyOptOut(
  db: TDatabase['db'],
  check: TOptOutCheck,
  { usernameKey, emailKey }: TEventData<'optouts.confirmed'>,
): Promise<{ items: number; cached: number }> {
  await rememberOptOut(db, optOuts, { usernameKey, emailKey });
  const matches = (username: string, email: string | null) =>
    check.keys.username(username) === usernameKey ||
    (emailKey !== null && check.keys.email(email) === emailKey);

  // The hashes cannot be reversed: the holder hashes what it has and compares.
  const held = await db.execute<{ username: string; email: string | null }>(sql`
    select distinct username, profile->>'public_email' as email from ${extractionRunItems} where profile is not null
    union
    select distinct username, result->'profile'->>'public_email' from ${providerCache}`);
  const usernames = [
    ...new Set(held.filter((row) => matches(row.username, row.email)).map((row) => row.username)),
  ];
  if (usernames.length === 0) return { items: 0, cached: 0 };

  return db.transaction(async (tx) => {
    const sites = await tx.execute<{ url: string | null }>(sql`
      select result->'profile'->>'external_url' as url from ${providerCache} where ${inArray(providerCache.username, usernames)}
      union select profile->>'external_url' from ${extractionRunItems} where ${inArray(extractionRunItems.username, usernames)}`);
    let items = 0;
    for (const username of usernames) {
      const scrubbed = await tx
        .update(extractionRunItems)
        .set({
          profile: null,
          emailCheck: null,
          emailCheckPending: false,
          message: sql`case when ${extractionRunItems.status} = 'done' then ${optedOutMessage(username)} else ${extractionRunItems.message} end`,
        })
        .where(eq(extractionRunItems.username, username))
        .returning({ id: extractionRunItems.id });
      items += scrubbed.length;
    }
    const cached = await tx
      .delete(providerCache)
      .where(inArray(providerCache.username, usernames))
      .returning({ username: providerCache.username });
    let pages = 0;
    for (const origin of originsOf(sites.map((row) => row.url))) {
      const removed = await tx
        .delete(websitePages)
        .where(sql`${websitePages.url} = ${origin} or ${websitePages.url} like ${`${origin}/%`}`)
        .returning({ url: websitePages.url });
      pages += removed.length;
    }
    await recordAudit(tx, auditTrail, { action: 'opt-out', scope: 'run items', records: items });
    await recordAudit(tx, auditTrail, {
      action: 'opt-out',
      scope: 'cached profiles and pages',
      records: cached.length + pages,
    });
    return { items, cached: cached.length };
  });
}

/** The origins (scheme, host, port) of the linked websites, each once; unreadable ones are left out. */
function originsOf(urls: Array<string | null>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const parsed = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
      origins.add(`${parsed.protocol}//${parsed.host}`);
      // The same site read over the other scheme is the same person's page.
      origins.add(`${parsed.protocol === 'https:' ? 'http:' : 'https:'}//${parsed.host}`);
    } catch {}
  }
  return [...origins];
}
