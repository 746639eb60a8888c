import {
  ACCOUNT_RPC,
  addMonths,
  createEvent,
  DATABASE_ENDPOINTS,
  type TOptOutConfirmationMail,
  ZExtractionListQuerySchema,
  ZExtractionPageSchema,
  ZOptOutRemovalsSchema,
} from '@prospector/contracts';
import { createOptOutKeys } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answerCreditsUsed,
  newUserId,
  recorded,
  startServiceFixture,
  type TServiceFixture,
} from '../_factories.ts';
import { createExtractionLibrary } from '../extractions/extraction-library.ts';
import { sweepRecords } from '../retention/record-retention.ts';

const keys = createOptOutKeys();

describe('opt-outs and retention in the database service', () => {
  let fixture: TServiceFixture;
  // The account service's side of the mail path: what it was asked to send.
  const mailed: TOptOutConfirmationMail[] = [];
  beforeAll(async () => {
    fixture = await startServiceFixture();
    await fixture.bus.reply(ACCOUNT_RPC.optOutConfirmation, async (mail) => {
      mailed.push(mail);
      return { sent: true };
    });
    await answerCreditsUsed(fixture.bus);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const library = () => createExtractionLibrary(fixture.database);
  const usernamesOf = async (userId: string) =>
    (
      await fixture.database
        .sql`select instagram_username from database.extractions where user_id = ${userId} order by 1`
    ).map((row) => row.instagram_username);
  const removedFor = async (userId: string) =>
    ZOptOutRemovalsSchema.parse(
      await (await fixture.request(DATABASE_ENDPOINTS.optOutRemovals.path, { userId })).json(),
    ).removed;

  it('keeps every record on an unconfirmed opt-out and mails each address the account’s records show a link only OPTOUT_KEY makes', async () => {
    const [cleo, dan] = [newUserId('cleo'), newUserId('dan')];
    await library().record(
      cleo,
      recorded('pending.shop', { public_email: 'Hello@Pending.example' }),
      new Date(),
    );
    await library().record(
      dan,
      recorded('pending.shop', { public_email: 'hello@pending.example' }),
      new Date(),
    );
    await library().record(
      dan,
      recorded('pending.alias', { public_email: 'owner@pending.example' }),
      new Date(),
    );
    await library().record(dan, recorded('pending.quiet', { public_email: null }), new Date());
    const requestId = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await fixture.bus.publish(
      createEvent('optouts.recorded', null, {
        requestId,
        usernameKey: keys.username('@Pending.Shop') as string,
        emailKey: keys.email('owner@pending.example'),
        expiresAt,
      }),
    );
    await vi.waitFor(
      async () => {
        const rows = await fixture.database.sql`select 1 from database.audit_trail
          where scope = 'confirmation links mailed' and records = 1`;
        expect(rows).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    const mails = mailed
      .filter((mail) => mail.token.startsWith(requestId))
      .sort((a, b) => a.to.localeCompare(b.to));
    // Once per address, in lower case; never to the e-mail the requester typed, which another account
    // shows: its reader could otherwise confirm an account that is not theirs.
    expect(mails.map(({ to, username, expiresAt: until }) => ({ to, username, until }))).toEqual([
      { to: 'hello@pending.example', username: 'pending.shop', until: expiresAt },
    ]);
    // Each link confirms for its own address.
    for (const mail of mails) {
      expect(keys.readConfirmationToken(mail.token)).toEqual({ requestId, emailKey: keys.email(mail.to) });
    }
    // Nothing saved is touched until the owner confirms.
    expect(await usernamesOf(cleo)).toEqual(['pending.shop']);
    expect(await usernamesOf(dan)).toEqual(['pending.alias', 'pending.quiet', 'pending.shop']);
    expect(await removedFor(dan)).toBe(0);
    expect(await library().record(cleo, recorded('pending.shop'), new Date())).not.toBe('opted_out');

    // Nothing held with an e-mail: no mail (the bio code is the way to confirm).
    const quiet = crypto.randomUUID();
    await fixture.bus.publish(
      createEvent('optouts.recorded', null, {
        requestId: quiet,
        usernameKey: keys.username('pending.quiet') as string,
        emailKey: null,
        expiresAt,
      }),
    );
    await vi.waitFor(async () => {
      const rows = await fixture.database.sql`select records from database.audit_trail
        where scope = 'confirmation links mailed' and records = 0`;
      expect(rows.length).toBeGreaterThan(0);
    });
    expect(mailed.some((mail) => mail.token.startsWith(quiet))).toBe(false);
  });

  it('removes every customer’s record of the account, by username or the confirmed e-mail, once confirmed, and counts it for each', async () => {
    const [ana, ben] = [newUserId('ana'), newUserId('ben')];
    for (const userId of [ana, ben]) {
      await library().record(
        userId,
        recorded('opted.shop', { public_email: 'hello@opted.example' }),
        new Date(),
      );
      await library().record(
        userId,
        recorded('kept.shop', { public_email: 'hello@kept.example' }),
        new Date(),
      );
    }
    await library().record(ben, recorded('alias.shop', { public_email: 'Owner@Opted.example' }), new Date());
    const idsOf = async (userId: string) =>
      (
        await fixture.database.sql`select id from database.extractions
          where user_id = ${userId} and instagram_username <> 'kept.shop' order by id`
      ).map((row) => row.id as string);
    const [anaRemoved, benRemoved] = [await idsOf(ana), await idsOf(ben)];

    await fixture.bus.publish(
      createEvent('optouts.confirmed', null, {
        usernameKey: keys.username('@Opted.Shop') as string,
        emailKey: keys.email('owner@opted.example'),
      }),
    );
    await vi.waitFor(async () => expect(await usernamesOf(ben)).toEqual(['kept.shop']), { timeout: 10_000 });
    expect(await usernamesOf(ana)).toEqual(['kept.shop']);
    expect(await removedFor(ana)).toBe(1);
    expect(await removedFor(ben)).toBe(2);
    const list = await (await fixture.request(DATABASE_ENDPOINTS.list.path, { userId: ben })).text();
    expect(list).not.toContain('opted.shop');
    const stats = await (await fixture.request(DATABASE_ENDPOINTS.stats.path, { userId: ben })).json();
    // The credits those records cost stay spent: the stats count them from billing's ledger, which an
    // opt-out does not touch (routes/stats/stats.test.ts).
    expect(stats).toMatchObject({ totalExtractions: 1 });

    // A record arriving later (a run under way when the person opted out) is refused on the way in.
    expect(await library().record(ana, recorded('opted.shop'), new Date())).toBe('opted_out');
    expect(await usernamesOf(ana)).toEqual(['kept.shop']);
    const audit = await fixture.database.sql`select action, scope, records from database.audit_trail`;
    expect(audit).toContainEqual({ action: 'opt-out', scope: 'saved records', records: 3 });

    // Each customer is told which of their records went (their webhook), by id only.
    const told = await fixture.database.sql`select payload from database.outbox
      where type = 'extractions.opted-out'`;
    const byUser = Object.fromEntries(
      told.map(({ payload }) => [payload.userId, [...payload.data.extractionIds].sort()]),
    );
    expect(byUser).toEqual({ [ana]: anaRemoved, [ben]: benRemoved });
    expect(JSON.stringify(told)).not.toMatch(/opted\.shop|alias\.shop|owner@/i);
  });

  it('removes records whose data is older than the retention period, keeps re-checked ones, and keeps all with 0', async () => {
    const userId = newUserId('old');
    const day = 24 * 3_600_000;
    await library().record(userId, recorded('ancient.shop'), new Date(Date.now() - 400 * day));
    await library().record(userId, recorded('recent.shop'), new Date(Date.now() - 300 * day));
    // Extracted as long ago as the first, but re-checked ten days ago: its data is ten days old.
    await library().record(userId, recorded('renewed.shop'), new Date(Date.now() - 400 * day));
    await fixture.database.sql`update database.extractions set refreshed_at = now() - interval '10 days'
      where user_id = ${userId} and instagram_username = 'renewed.shop'`;

    // Each record's age and expiry as the page reads them: a year after its data was fetched.
    const listed = ZExtractionPageSchema.parse(
      JSON.parse(await library().list(userId, ZExtractionListQuerySchema.parse({}))),
    );
    expect(listed.retentionMonths).toBe(12);
    for (const item of listed.items) {
      expect(item.expiresAt).toBe(addMonths(new Date(item.refreshedAt), 12).toISOString());
    }
    const renewed = listed.items.find((item) => item.username === 'renewed.shop');
    expect(Date.now() - Date.parse(renewed?.refreshedAt ?? '')).toBeLessThan(11 * day);
    const kept = ZExtractionPageSchema.parse(
      JSON.parse(
        await createExtractionLibrary(fixture.database, { retentionMonths: 0 }).list(
          userId,
          ZExtractionListQuerySchema.parse({}),
        ),
      ),
    );
    expect(kept.retentionMonths).toBe(0);
    expect(kept.items.map((item) => item.expiresAt)).toEqual([null, null, null]);

    expect(await sweepRecords(fixture.database.db, 0)).toBe(0);
    expect(await usernamesOf(userId)).toEqual(['ancient.shop', 'recent.shop', 'renewed.shop']);
    expect(await sweepRecords(fixture.database.db, 12)).toBe(1);
    expect(await usernamesOf(userId)).toEqual(['recent.shop', 'renewed.shop']);
    const audit = await fixture.database
      .sql`select action, records from database.audit_trail where action = 'retention-sweep'`;
    expect(audit).toEqual([{ action: 'retention-sweep', records: 1 }]);
  });
});
