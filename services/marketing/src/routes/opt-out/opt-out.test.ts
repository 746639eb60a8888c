import {
  ACCESS_REQUEST_RECEIVED_MESSAGE,
  AppError,
  bioCodeMissingMessage,
  bioShowsCode,
  EXTRACTOR_RPC,
  OPT_OUT_CONFIRMED_MESSAGE,
  OPT_OUT_LINK_INVALID_MESSAGE,
  OPT_OUT_PATHS,
  OPT_OUT_RECEIVED_MESSAGE,
  OPT_OUT_REQUEST_INVALID_MESSAGE,
  optOutProofBits,
  solveOptOutChallenge,
  ZErrorBodySchema,
  ZOptOutChallengeSchema,
  ZOptOutRecordedSchema,
} from '@prospector/contracts';
import { createOptOutKeys, stampClientIp } from '@prospector/service-kit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMarketingServices } from '../../_factories.ts';
import { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from '../../config.ts';
import { auditTrail, optOutRequests, optOuts, outbox } from '../../db/schema.ts';
import { BIO_CHECK_UNAVAILABLE_MESSAGE } from './opt-out.handlers.ts';

const keys = createOptOutKeys();
const edgeSecret = 'a-secret-the-edge-shares-with-services';

describe('the public opt-out', () => {
  const marketing = useMarketingServices('opt-out');

  async function start(options: Partial<TMarketingConfig['optOut']> = {}, now?: () => Date) {
    const service = await marketing.start({
      ...DEFAULT_MARKETING_CONFIG,
      edgeSecret,
      now,
      optOut: { ...DEFAULT_MARKETING_CONFIG.optOut, difficulty: 6, ...options },
    });
    const challenge = async () =>
      ZOptOutChallengeSchema.parse(await (await service.app.request(OPT_OUT_PATHS.challenge)).json());
    const postTo = (path: string, body: unknown, address: string) => {
      const headers = new Headers({ 'content-type': 'application/json' });
      stampClientIp(headers, address, edgeSecret);
      return service.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
    };
    const post = (body: unknown, address = '203.0.113.10') => postTo(OPT_OUT_PATHS.optOut, body, address);
    const confirm = (token: string, address = '203.0.113.60') =>
      postTo(OPT_OUT_PATHS.confirm, { token }, address);
    const bioCheck = (requestId: string, username: string, address = '203.0.113.70') =>
      postTo(OPT_OUT_PATHS.bioCheck, { requestId, username }, address);
    const optOut = async (fields: { username: string; email?: string }, address?: string) => {
      const issued = await challenge();
      return post(
        { ...fields, challenge: issued.challenge, nonce: await solveOptOutChallenge(issued) },
        address,
      );
    };
    const access = async (username: string, address?: string) => {
      const issued = await challenge();
      const headers = new Headers({ 'content-type': 'application/json' });
      stampClientIp(headers, address ?? '203.0.113.40', edgeSecret);
      return service.app.request(OPT_OUT_PATHS.access, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          username,
          challenge: issued.challenge,
          nonce: await solveOptOutChallenge(issued),
        }),
      });
    };
    const recorded = async (response: Response) => {
      expect(response.status).toBe(202);
      return ZOptOutRecordedSchema.parse(await response.json());
    };
    return { challenge, post, optOut, access, confirm, bioCheck, recorded };
  }

  it('records an unconfirmed request of keyed hashes only, matching every form of a username, and announces it with the hashes alone', async () => {
    const { optOut, recorded } = await start();
    const first = await recorded(await optOut({ username: '@Anna.Opt', email: '' }, '203.0.113.11'));
    expect(first.message).toBe(OPT_OUT_RECEIVED_MESSAGE);
    const second = await recorded(
      await optOut(
        { username: 'https://www.instagram.com/anna.opt/', email: 'Anna@Example.com ' },
        '203.0.113.11',
      ),
    );
    expect(second.requestId).not.toBe(first.requestId);
    expect(second.bioCode).not.toBe(first.bioCode);
    // It lapses 30 days on, unconfirmed.
    const lapses = new Date(first.expiresAt).getTime() - Date.now();
    expect(lapses).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(lapses).toBeLessThanOrEqual(30 * 86_400_000);

    const usernameKey = keys.username('anna.opt');
    const requests = await marketing.database.db
      .select()
      .from(optOutRequests)
      .where(eq(optOutRequests.usernameKey, usernameKey ?? ''));
    expect(requests.map((row) => [row.emailKey, row.confirmedAt])).toEqual(
      expect.arrayContaining([
        [null, null],
        [keys.email('anna@example.com'), null],
      ]),
    );
    // Not confirmed: the confirmed list does not have it.
    expect(
      await marketing.database.db
        .select()
        .from(optOuts)
        .where(eq(optOuts.usernameKey, usernameKey ?? '')),
    ).toEqual([]);
    const stored = JSON.stringify(await marketing.database.db.select().from(optOutRequests));
    expect(stored).not.toContain('anna');

    const events = await marketing.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'optouts.recorded'));
    const sent = events.map((row) => row.payload.data);
    expect(sent).toContainEqual({
      requestId: first.requestId,
      usernameKey,
      emailKey: null,
      expiresAt: first.expiresAt,
    });
    expect(sent).toContainEqual({
      requestId: second.requestId,
      usernameKey,
      emailKey: keys.email('anna@example.com'),
      expiresAt: second.expiresAt,
    });
    expect(JSON.stringify(events)).not.toMatch(/anna/i);
    const audited = await marketing.database.db.select().from(auditTrail);
    expect(audited.filter((row) => row.action === 'opt-out')).toHaveLength(2);
    expect(JSON.stringify(audited)).not.toMatch(/anna/i);
  });

  it('confirms by a mailed link only with a token made with the key, for a request not yet lapsed', async () => {
    let now = new Date();
    const { optOut, recorded, confirm } = await start({}, () => now);
    const { requestId } = await recorded(await optOut({ username: 'link.owner' }, '203.0.113.50'));
    const emailKey = keys.email('owner@link.example') ?? '';
    const usernameKey = keys.username('link.owner') ?? '';

    // A token another key made, or one for another request, confirms nothing.
    const foreign = createOptOutKeys('f'.repeat(32)).confirmationToken(requestId, emailKey);
    for (const token of [foreign, keys.confirmationToken(crypto.randomUUID(), emailKey), 'not-a-token']) {
      const refused = await confirm(token);
      expect(refused.status).toBe(404);
      expect(ZErrorBodySchema.parse(await refused.json()).error.message).toBe(OPT_OUT_LINK_INVALID_MESSAGE);
    }
    expect(
      await marketing.database.db.select().from(optOuts).where(eq(optOuts.usernameKey, usernameKey)),
    ).toEqual([]);

    const confirmed = await confirm(keys.confirmationToken(requestId, emailKey));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ message: OPT_OUT_CONFIRMED_MESSAGE });
    const [listed] = await marketing.database.db
      .select()
      .from(optOuts)
      .where(eq(optOuts.usernameKey, usernameKey));
    expect(listed?.emailKey).toBe(emailKey);
    const [request] = await marketing.database.db
      .select()
      .from(optOutRequests)
      .where(eq(optOutRequests.id, requestId));
    expect(request?.confirmedBy).toBe('link');
    const events = await marketing.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'optouts.confirmed'));
    expect(events.map((row) => row.payload.data)).toContainEqual({ usernameKey, emailKey });
    // A second click is harmless: still confirmed, even after the 30 days.
    now = new Date(now.getTime() + 31 * 86_400_000);
    expect((await confirm(keys.confirmationToken(requestId, emailKey))).status).toBe(200);

    // A request left unconfirmed for 30 days lapses: its link no longer works.
    now = new Date();
    const late = await recorded(await optOut({ username: 'link.too.late' }, '203.0.113.51'));
    now = new Date(now.getTime() + 30 * 86_400_000 + 1);
    expect((await confirm(keys.confirmationToken(late.requestId, emailKey))).status).toBe(404);
    // The next request clears lapsed ones away; confirmed ones stay.
    await recorded(await optOut({ username: 'link.next' }, '203.0.113.52'));
    const left = await marketing.database.db.select({ id: optOutRequests.id }).from(optOutRequests);
    expect(left.map((row) => row.id)).not.toContain(late.requestId);
    expect(left.map((row) => row.id)).toContain(requestId);
  });

  it('confirms by the code in the bio, as the extractor reads the profile now', async () => {
    let now = new Date();
    const { optOut, recorded, bioCheck } = await start({}, () => now);
    const bios = new Map<string, string>();
    let extractorUp = true;
    await marketing.bus.reply(EXTRACTOR_RPC.bioShowsCode, async ({ username, code }) => {
      if (!extractorUp) throw new AppError('UNAVAILABLE', 'Provider answered 503 after 3 attempts');
      const bio = bios.get(username);
      if (bio === undefined) return { outcome: 'not_found' };
      return { outcome: bioShowsCode(bio, code) ? 'shown' : 'not_shown' };
    });
    const { requestId, bioCode } = await recorded(await optOut({ username: '@Bio.Owner' }, '203.0.113.71'));
    const usernameKey = keys.username('bio.owner') ?? '';

    // Another account's name, or a request that does not exist: 404, and the extractor is not asked.
    const other = await bioCheck(requestId, 'someone.else');
    expect(other.status).toBe(404);
    expect(ZErrorBodySchema.parse(await other.json()).error.message).toBe(OPT_OUT_REQUEST_INVALID_MESSAGE);
    expect((await bioCheck(crypto.randomUUID(), 'bio.owner')).status).toBe(404);

    bios.set('bio.owner', 'Bakery in Lyon 🥐');
    const missing = await bioCheck(requestId, 'https://instagram.com/bio.owner');
    expect(missing.status).toBe(409);
    expect(ZErrorBodySchema.parse(await missing.json()).error.message).toBe(
      bioCodeMissingMessage('bio.owner'),
    );

    extractorUp = false;
    const down = await bioCheck(requestId, 'bio.owner');
    expect(down.status).toBe(503);
    expect(ZErrorBodySchema.parse(await down.json()).error.message).toBe(BIO_CHECK_UNAVAILABLE_MESSAGE);
    extractorUp = true;
    expect(
      await marketing.database.db.select().from(optOuts).where(eq(optOuts.usernameKey, usernameKey)),
    ).toEqual([]);

    bios.set('bio.owner', `Bakery in Lyon 🥐\n${bioCode.toUpperCase()}`);
    const shown = await bioCheck(requestId, '@bio.owner');
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ message: OPT_OUT_CONFIRMED_MESSAGE });
    const [listed] = await marketing.database.db
      .select()
      .from(optOuts)
      .where(eq(optOuts.usernameKey, usernameKey));
    expect(listed?.emailKey).toBeNull();
    const events = await marketing.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'optouts.confirmed'));
    expect(events.map((row) => row.payload.data)).toContainEqual({ usernameKey, emailKey: null });

    // A request not confirmed in 30 days can no longer be confirmed by its bio either.
    const late = await recorded(await optOut({ username: 'bio.late' }, '203.0.113.72'));
    bios.set('bio.late', late.bioCode);
    now = new Date(now.getTime() + 30 * 86_400_000 + 1);
    expect((await bioCheck(late.requestId, 'bio.late')).status).toBe(404);
  });

  it('answers the same whether or not anything is held', async () => {
    const { optOut } = await start();
    const never = await optOut({ username: 'never.extracted.anywhere' }, '203.0.113.12');
    const other = await optOut({ username: 'someone_else' }, '203.0.113.12');
    expect([never.status, other.status]).toEqual([202, 202]);
    // The same message and the same fields; only the request's own id, code and end differ.
    const shape = (body: unknown) => {
      const { message, ...rest } = ZOptOutRecordedSchema.parse(body);
      return { message, fields: Object.keys(rest).sort() };
    };
    expect(shape(await never.json())).toEqual(shape(await other.json()));
  });

  it('refuses a missing, wrong, reused, forged or expired proof of work, and stores nothing', async () => {
    let now = new Date('2026-11-26T10:00:00Z');
    const { challenge, post } = await start({ difficulty: 10 }, () => now);
    const username = 'proof.needed';
    const refused = async (response: Response) => {
      expect(response.status).toBe(403);
      expect(ZErrorBodySchema.parse(await response.json()).error.code).toBe('FORBIDDEN');
    };

    const issued = await challenge();
    let wrong = 0;
    while ((await optOutProofBits(issued.challenge, String(wrong))) >= 10) wrong += 1;
    await refused(
      await post({ username, challenge: issued.challenge, nonce: String(wrong) }, '203.0.113.20'),
    );

    const nonce = await solveOptOutChallenge(issued);
    const [expiry, random] = issued.challenge.split('.');
    await refused(await post({ username, challenge: `${expiry}.${random}.forged`, nonce }, '203.0.113.20'));
    expect((await post({ username, challenge: issued.challenge, nonce }, '203.0.113.21')).status).toBe(202);
    await refused(
      await post({ username: 'reused.proof', challenge: issued.challenge, nonce }, '203.0.113.21'),
    );

    const late = await challenge();
    const lateNonce = await solveOptOutChallenge(late);
    now = new Date(now.getTime() + DEFAULT_MARKETING_CONFIG.optOut.challengeTtlMs + 1);
    await refused(
      await post({ username: 'too.late', challenge: late.challenge, nonce: lateNonce }, '203.0.113.22'),
    );

    const stored = await marketing.database.db.select().from(optOutRequests);
    expect(stored.map((row) => row.usernameKey)).not.toContain(keys.username('reused.proof'));
    expect(stored.map((row) => row.usernameKey)).not.toContain(keys.username('too.late'));
    const missing = await post({ username }, '203.0.113.23');
    expect(missing.status).toBe(400);
  });

  it('limits requests per client address and window, each address on its own', async () => {
    let now = new Date('2026-11-26T10:00:00Z');
    const { optOut } = await start({ rateLimit: { limit: 2, windowMs: 60 * 60_000 } }, () => now);
    expect((await optOut({ username: 'limit.one' }, '198.51.100.7')).status).toBe(202);
    expect((await optOut({ username: 'limit.two' }, '198.51.100.7')).status).toBe(202);
    const limited = await optOut({ username: 'limit.three' }, '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(ZErrorBodySchema.parse(await limited.json()).error.code).toBe('RATE_LIMITED');
    expect((await optOut({ username: 'limit.three' }, '198.51.100.8')).status).toBe(202);
    now = new Date(now.getTime() + 60 * 60_000);
    expect((await optOut({ username: 'limit.four' }, '198.51.100.7')).status).toBe(202);
  });

  it('shares the limit across processes, kept in PostgreSQL, and counts an IPv6 client by its /64', async () => {
    const now = () => new Date('2026-11-27T10:00:00Z');
    const limits = { rateLimit: { limit: 2, windowMs: 60 * 60_000 } };
    const one = await start(limits, now);
    const two = await start(limits, now);
    expect((await one.optOut({ username: 'shared.one' }, '198.51.100.20')).status).toBe(202);
    expect((await two.optOut({ username: 'shared.two' }, '198.51.100.20')).status).toBe(202);
    expect((await one.optOut({ username: 'shared.three' }, '198.51.100.20')).status).toBe(429);
    expect((await two.optOut({ username: 'shared.three' }, '198.51.100.20')).status).toBe(429);

    expect((await one.optOut({ username: 'six.one' }, '2001:db8:aa:bb::1')).status).toBe(202);
    expect((await two.optOut({ username: 'six.two' }, '2001:db8:aa:bb:ffff::2')).status).toBe(202);
    expect((await one.optOut({ username: 'six.three' }, '2001:db8:aa:bb:1:2:3:4')).status).toBe(429);
    expect((await one.optOut({ username: 'six.three' }, '2001:db8:aa:bc::1')).status).toBe(202);
  });

  it('accepts a proof once across processes', async () => {
    const one = await start();
    const two = await start();
    const issued = await one.challenge();
    const nonce = await solveOptOutChallenge(issued);
    const body = { username: 'proof.once', challenge: issued.challenge, nonce };
    expect((await one.post(body, '203.0.113.80')).status).toBe(202);
    expect((await two.post(body, '203.0.113.81')).status).toBe(403);
  });

  it('gives confirmations their own limit, so a few tries of the bio check do not use up the opt-outs', async () => {
    const { confirm } = await start({ confirmRateLimit: { limit: 2, windowMs: 60 * 60_000 } });
    expect((await confirm('not-a-token', '203.0.113.90')).status).toBe(404);
    expect((await confirm('not-a-token', '203.0.113.90')).status).toBe(404);
    expect((await confirm('not-a-token', '203.0.113.90')).status).toBe(429);
  });

  it('takes an access request with the keyed hash only, answers the same for anyone, and shares the limit', async () => {
    const { access, optOut } = await start({ rateLimit: { limit: 3, windowMs: 60 * 60_000 } });
    const held = await access('@Asking.Person', '203.0.113.41');
    const other = await access('nobody.here', '203.0.113.41');
    expect([held.status, other.status]).toEqual([202, 202]);
    expect(await held.json()).toEqual({ message: ACCESS_REQUEST_RECEIVED_MESSAGE });
    expect(await other.json()).toEqual({ message: ACCESS_REQUEST_RECEIVED_MESSAGE });
    const events = await marketing.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'optouts.access-requested'));
    expect(events.map((row) => row.payload.data)).toContainEqual({
      usernameKey: keys.username('asking.person'),
    });
    expect(JSON.stringify(events)).not.toMatch(/asking/i);
    // One budget per address for both kinds of request.
    expect((await optOut({ username: 'third.request' }, '203.0.113.41')).status).toBe(202);
    expect((await access('fourth.request', '203.0.113.41')).status).toBe(429);
  });

  it('refuses what is not a username with 400', async () => {
    const { optOut } = await start();
    const response = await optOut({ username: 'https://example.com/anna' }, '203.0.113.30');
    expect(response.status).toBe(400);
    expect(ZErrorBodySchema.parse(await response.json()).error.code).toBe('VALIDATION_FAILED');
  });
});
