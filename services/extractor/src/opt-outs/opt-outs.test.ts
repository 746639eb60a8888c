import { createNatsBus, type TEventBus } from '@prospector/bus';
import { natsServerForTests, startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import { createEvent, EXTRACTOR_PATHS, optedOutMessage, ZErrorBodySchema } from '@prospector/contracts';
import { createLogger, createOptOutKeys, type TRunningService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunsFixture, type TRunsFixture } from '../_factories.ts';
import { optOuts } from '../db/schema.ts';

const runNats = natsServerForTests('extractor opt-out test');
const keys = createOptOutKeys();

/**
 * The suppression list across processes, on NATS: once either extractor process has heard an opt-out,
 * even one not yet confirmed, every process refuses the account before any provider call, without a
 * charge; an unconfirmed one until it lapses, a confirmed one for good.
 */
describe.skipIf(!runNats)('opted-out accounts, in every extractor process', () => {
  let nats: TPrivateNatsServer;
  let fixture: TRunsFixture;
  let otherBus: TEventBus;
  let other: TRunningService;

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    const logger = createLogger({ test: 'opt-outs' }, 'silent');
    fixture = await createRunsFixture({ bus: await createNatsBus({ url: nats.url, name: 'first', logger }) });
    otherBus = await createNatsBus({ url: nats.url, name: 'second', logger });
    other = await fixture.startAnotherExtractor(otherBus);
  }, 60_000);

  afterAll(async () => {
    await other?.stop();
    await otherBus?.drain();
    await fixture?.close();
    await nats?.stop();
  });

  /** An unconfirmed request, as the public page sends it (lapsing in 30 days unless told otherwise). */
  async function optOut(username: string, email: string | null = null, lapsesInMs = 30 * 86_400_000) {
    const usernameKey = keys.username(username) as string;
    const expiresAt = new Date(Date.now() + lapsesInMs).toISOString();
    await fixture.bus.publish(
      createEvent('optouts.recorded', null, {
        requestId: crypto.randomUUID(),
        usernameKey,
        emailKey: keys.email(email),
        expiresAt,
      }),
    );
    await vi.waitFor(
      async () => {
        const rows = await fixture.extractorDb.db.select().from(optOuts);
        expect(rows.find((row) => row.usernameKey === usernameKey)?.expiresAt?.toISOString()).toBe(expiresAt);
      },
      { timeout: 10_000 },
    );
  }

  it('refuses the account in a batch before any provider call and charges nothing for it', async () => {
    // Heard in any form: the hash is of the normalised name.
    await optOut('https://instagram.com/Mail_Opted/');
    const userId = await fixture.createUser('batch');
    const run = await fixture.startRun(userId, ['mail_opted', 'mail_kept']);
    const detail = await fixture.waitForRun(userId, run.id);

    expect(fixture.provider.calls).not.toContain('mail_opted');
    const refused = detail.items.find((item) => item.username === 'mail_opted');
    expect(refused).toMatchObject({
      outcome: 'opted_out',
      message: optedOutMessage('mail_opted'),
      creditsUsed: 0,
      profile: null,
    });
    expect(detail).toMatchObject({ creditsUsed: 1, errors: 0, status: 'completed' });
    expect((await fixture.captures(userId)).map((capture) => capture.reference)).toEqual([
      expect.stringContaining('mail_kept'),
    ]);
    expect(fixture.recorded.map((record) => record.username)).not.toContain('mail_opted');
    expect((await fixture.balance(userId)).balance).toBe(24);
  });

  it('refuses a run of only opted-out accounts at once, in any form and case', async () => {
    await optOut('mail_single');
    const userId = await fixture.createUser('single');
    const response = await fixture.request(EXTRACTOR_PATHS.runs, userId, {
      method: 'POST',
      body: JSON.stringify({ usernames: ['@MAIL_SINGLE'], source: 'single' }),
    });
    expect(response.status).toBe(409);
    expect(ZErrorBodySchema.parse(await response.json()).error.message).toBe(optedOutMessage('mail_single'));
    expect(fixture.provider.calls).not.toContain('mail_single');
    expect((await fixture.balance(userId)).balance).toBe(25);
  });

  it('drops a profile whose e-mail was opted out, before charging it', async () => {
    await optOut('someone_else', 'shared@example.org');
    const userId = await fixture.createUser('email');
    const run = await fixture.startRun(userId, ['shared_at_example.org']);
    const detail = await fixture.waitForRun(userId, run.id);
    expect(detail.items[0]).toMatchObject({ outcome: 'opted_out', creditsUsed: 0, profile: null });
    expect((await fixture.balance(userId)).balance).toBe(25);
  });

  it('lets a lapsed unconfirmed request go, and holds a confirmed one for good', async () => {
    await optOut('mail_lapsed', null, -1_000);
    const userId = await fixture.createUser('lapsed');
    const run = await fixture.startRun(userId, ['mail_lapsed']);
    const detail = await fixture.waitForRun(userId, run.id);
    expect(detail.items[0]).toMatchObject({ outcome: 'email_found', creditsUsed: 1 });

    const usernameKey = keys.username('mail_lapsed') as string;
    await fixture.bus.publish(createEvent('optouts.confirmed', null, { usernameKey, emailKey: null }));
    await vi.waitFor(
      async () => {
        const rows = await fixture.extractorDb.db.select().from(optOuts);
        expect(rows.find((row) => row.usernameKey === usernameKey)).toMatchObject({ expiresAt: null });
      },
      { timeout: 10_000 },
    );
    // A later unconfirmed request does not weaken it.
    await fixture.bus.publish(
      createEvent('optouts.recorded', null, {
        requestId: crypto.randomUUID(),
        usernameKey,
        emailKey: null,
        expiresAt: new Date(Date.now() - 1_000).toISOString(),
      }),
    );
    const response = await fixture.request(EXTRACTOR_PATHS.runs, userId, {
      method: 'POST',
      body: JSON.stringify({ usernames: ['mail_lapsed'], source: 'single' }),
    });
    expect(response.status).toBe(409);
    const rows = await fixture.extractorDb.db.select().from(optOuts);
    expect(rows.find((row) => row.usernameKey === usernameKey)).toMatchObject({ expiresAt: null });
  });
});
