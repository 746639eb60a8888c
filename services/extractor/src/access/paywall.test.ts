import { createMemoryBus, createNatsBus, type TEventBus } from '@prospector/bus';
import { natsUrlForTests, uniqueNamespace } from '@prospector/bus/testing';
import {
  AppError,
  createEvent,
  EXTRACTOR_PATHS,
  DISCOVERY_MESSAGES as M,
  type TProfile,
  TRIAL_EXPIRED_MESSAGE,
  type TToolAccessResponse,
} from '@prospector/contracts';
import type { TRunningService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerToolAccess, createRunsFixture, signedInAs, type TRunsFixture } from '../_factories.ts';
import { createManualClock } from '../providers/clock.ts';
import { createExtractorTestbed, extractorConfig, jsonRequest } from '../routes/_factories.ts';
import { EXTRACTION_UNAVAILABLE_MESSAGE } from '../runs/start-run.ts';
import { createToolAccess, ToolAccessUnknownError } from './tool-access.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
/** The three states the paywall tells apart (docs/product.md §6 "Gating"). */
const STATES = {
  inTrial: { subscriptionStatus: 'trial', trialStartedAt: daysAgo(3) },
  expired: { subscriptionStatus: 'trial', trialStartedAt: daysAgo(16) },
  subscribedAfterTrial: { subscriptionStatus: 'active', trialStartedAt: daysAgo(60) },
} as const satisfies Record<string, TToolAccessResponse>;

const TRIAL_EXPIRED_BODY = { error: { code: 'TRIAL_EXPIRED', message: TRIAL_EXPIRED_MESSAGE } };

/** A whole profile as `accounts.updated` carries it. */
const profileOf = (userId: string, state: TToolAccessResponse): TProfile => ({
  userId,
  email: `${userId}@example.com`,
  fullName: null,
  firstName: null,
  lastName: null,
  avatarUrl: null,
  companyName: null,
  vatNumber: null,
  country: null,
  accountType: null,
  subscriptionStatus: state.subscriptionStatus,
  subscriptionPlan: state.subscriptionStatus === 'active' ? 'package_1' : 'none',
  selectedPlan: null,
  subscriptionEndDate: null,
  cancelAtPeriodEnd: false,
  trialStartedAt: state.trialStartedAt,
  trialExpired: true,
  trialDaysLeft: 0,
  onboardingCompleted: true,
  createdAt: state.trialStartedAt,
  updatedAt: new Date().toISOString(),
});

const natsUrl = natsUrlForTests('[extractor] the paywall over NATS');

function defineRunsSuite(createBus: () => Promise<TEventBus>) {
  let fixture: TRunsFixture;
  beforeAll(async () => {
    fixture = await createRunsFixture({ bus: await createBus() });
  });
  afterAll(async () => fixture?.close());

  const start = (userId: string) =>
    fixture.request(EXTRACTOR_PATHS.runs, userId, {
      method: 'POST',
      body: JSON.stringify({ usernames: ['mail_paywall'], source: 'single' }),
    });

  it('refuses an expired trial with 402 and the trial-expired text, holding nothing', async () => {
    const userId = await fixture.createUser('expired');
    fixture.access.set(userId, STATES.expired);
    const refused = await start(userId);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual(TRIAL_EXPIRED_BODY);
    expect(await fixture.balance(userId)).toMatchObject({ balance: 25, available: 25, held: 0 });
    // What is the user's own and spends nothing stays open.
    expect((await fixture.request(EXTRACTOR_PATHS.runs, userId)).status).toBe(200);
  });

  it.each([
    ['a trial that runs', STATES.inTrial],
    ['a subscription after the trial ended', STATES.subscribedAfterTrial],
  ])('lets %s start runs', async (_, state) => {
    const userId = await fixture.createUser('allowed');
    fixture.access.set(userId, state);
    const started = await start(userId);
    expect(started.status, await started.clone().text()).toBe(202);
  });

  it("decides by the workspace's plan, not the member's own trial (docs/architecture.md §17)", async () => {
    const agency = await fixture.createUser('agency');
    const colleague = await fixture.createUser('colleague');
    fixture.access.set(agency, STATES.subscribedAfterTrial);
    fixture.access.set(colleague, STATES.expired);
    const startAs = (workspaceId: string) =>
      fixture.request(EXTRACTOR_PATHS.runs, undefined, {
        method: 'POST',
        headers: signedInAs(colleague, workspaceId),
        body: JSON.stringify({ usernames: ['mail_paywall_ws'], source: 'single' }),
      });
    const started = await startAs(agency);
    expect(started.status, await started.clone().text()).toBe(202);
    // Acting for their own workspace, the colleague's own expired trial decides.
    const refused = await startAs(colleague);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual(TRIAL_EXPIRED_BODY);
  });

  it('opens at once when a purchase reaches the profile, and closes when the subscription ends', async () => {
    const userId = await fixture.createUser('buyer');
    fixture.access.set(userId, STATES.expired);
    expect((await start(userId)).status).toBe(402);
    // The account service's projection publishes the profile; the cached state follows it at once.
    fixture.access.set(userId, STATES.subscribedAfterTrial);
    await fixture.bus.publish(
      createEvent('accounts.updated', userId, { profile: profileOf(userId, STATES.subscribedAfterTrial) }),
    );
    await expect.poll(async () => (await start(userId)).status, { timeout: 5_000 }).toBe(202);
    fixture.access.set(userId, STATES.expired);
    await fixture.bus.publish(
      createEvent('accounts.updated', userId, { profile: profileOf(userId, STATES.expired) }),
    );
    await expect.poll(async () => (await start(userId)).status, { timeout: 5_000 }).toBe(402);
  });
}

describe('the paywall on runs (real billing and PostgreSQL, in-process bus, the account service stood in for)', () => {
  defineRunsSuite(async () => createMemoryBus());
});

describe.skipIf(!natsUrl)('the paywall on runs (NATS: request/reply and the live profile events)', () => {
  defineRunsSuite(() =>
    createNatsBus({ url: natsUrl as string, namespace: uniqueNamespace('paywall'), name: 'paywall-test' }),
  );
});

describe('the paywall on keyword search and similar accounts (sandbox provider)', () => {
  const access = new Map<string, TToolAccessResponse>([
    ['expired', STATES.expired],
    ['in-trial', STATES.inTrial],
    ['subscribed', STATES.subscribedAfterTrial],
  ]);
  let testbed: Awaited<ReturnType<typeof createExtractorTestbed>>;
  let service: TRunningService;
  beforeAll(async () => {
    testbed = await createExtractorTestbed({ access });
    // Nobody has extracted anything: the database service's answer for the search's hidden count.
    await testbed.bus.reply('rpc.database.extracted', async () => ({ extracted: [] }));
    service = await testbed.start(extractorConfig());
  });
  afterAll(() => testbed?.stop());

  const post = (path: string, body: unknown, userId: string) =>
    service.app.request(path, jsonRequest('POST', body, userId));
  const SEARCHES = [
    [EXTRACTOR_PATHS.search, { keyword: 'bakery' }, M.searchFailed],
    [EXTRACTOR_PATHS.similar, { username: 'natgeo' }, M.similarFailed],
  ] as const;

  it.each(SEARCHES)('refuses %s to an expired trial with 402', async (path, body) => {
    const refused = await post(path, body, 'expired');
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual(TRIAL_EXPIRED_BODY);
  });

  it.each(SEARCHES)('answers %s in a trial and with a subscription', async (path, body) => {
    for (const userId of ['in-trial', 'subscribed']) {
      const answered = await post(path, body, userId);
      expect(answered.status, userId).toBe(200);
    }
  });

  it('answers 503 with the route’s own text when the account service cannot say', async () => {
    await testbed.stopAccountReplies();
    for (const [path, body, message] of SEARCHES) {
      const answer = await post(path, body, `unknown-${crypto.randomUUID()}`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ error: { code: 'UNAVAILABLE', message } });
    }
    const run = await service.app.request(
      EXTRACTOR_PATHS.runs,
      jsonRequest('POST', { usernames: ['natgeo'], source: 'single' }, `unknown-${crypto.randomUUID()}`),
    );
    expect(run.status).toBe(503);
    expect(await run.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: EXTRACTION_UNAVAILABLE_MESSAGE },
    });
  });
});

describe('createToolAccess', () => {
  it('asks once per user while cached, and refuses a trial that ends meanwhile without asking again', async () => {
    const bus = createMemoryBus();
    await bus.ensureStreams();
    const clock = createManualClock(Date.parse('2026-03-01T10:00:00.000Z'));
    const states = new Map<string, TToolAccessResponse>([
      ['ada', { subscriptionStatus: 'trial', trialStartedAt: '2026-02-14T10:00:01.000Z' }],
    ]);
    const replies = await answerToolAccess(bus, states);
    const access = createToolAccess({ bus, clock, ttlMs: 60 * 60 * 1000 });
    try {
      await Promise.all([access.check('ada'), access.check('ada'), access.check('ada')]);
      expect(replies.asked).toEqual(['ada']);
      // The fifteenth day ends one second later: the cached start decides, with no new question.
      clock.advance(1_000);
      const refused = access.check('ada');
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ code: 'TRIAL_EXPIRED', message: TRIAL_EXPIRED_MESSAGE });
      expect(replies.asked).toEqual(['ada']);
      // Past the TTL the account service is asked again.
      clock.advance(60 * 60 * 1000);
      await expect(access.check('ada')).rejects.toMatchObject({ code: 'TRIAL_EXPIRED' });
      expect(replies.asked).toEqual(['ada', 'ada']);
    } finally {
      await replies.stop();
    }
    // Nobody answers: the state is unknown, never taken as open.
    await expect(access.check('bob')).rejects.toBeInstanceOf(ToolAccessUnknownError);
    await bus.drain();
  });
});
