import { createMemoryBus } from '@prospector/bus';
import {
  extractionChargeReference,
  ZRunDetailSchema,
  ZRunListSchema,
  ZRunSchema,
} from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunsFixture, type TRunsFixture } from '../../_factories.ts';
import { readRunDetail } from '../../runs/run-reads.ts';

describe('extraction runs over HTTP, with billing on the same bus', () => {
  let fixture: TRunsFixture;

  beforeAll(async () => {
    fixture = await createRunsFixture({ bus: createMemoryBus() });
  });

  afterAll(async () => {
    await fixture?.close();
  });

  const post = (path: string, userId: string | undefined, body?: unknown) =>
    fixture.request(path, userId, {
      method: 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** `extractions.run-finished` rows of the outbox for a run: its final state, written once. */
  const finishedEventsOf = async (runId: string) =>
    (
      await fixture.extractorDb.sql`select payload from extractor.outbox
        where type = 'extractions.run-finished' and payload->'data'->'run'->>'id' = ${runId}`
    ).map((row) => row.payload as { userId: string; data: { run: { status: string } } });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;

  it('refuses signed-out requests', async () => {
    for (const [method, path] of [
      ['POST', '/api/extractor/runs'],
      ['GET', '/api/extractor/runs'],
      ['GET', `/api/extractor/runs/${crypto.randomUUID()}`],
      ['POST', `/api/extractor/runs/${crypto.randomUUID()}/cancel`],
      ['GET', '/api/extractor/events'],
    ] as const) {
      const response = await fixture.request(path, undefined, { method });
      expect(response.status).toBe(401);
    }
  });

  it('answers a list with no valid username with the spec message', async () => {
    const userId = await fixture.createUser();
    for (const usernames of [[], ['@@@', ' '], 'alice']) {
      const response = await post('/api/extractor/runs', userId, { usernames, source: 'batch' });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Enter at least one valid username',
      });
    }
    const tooMany = await post('/api/extractor/runs', userId, {
      usernames: Array.from({ length: 1001 }, (_, index) => `user${index}`),
      source: 'batch',
    });
    expect(tooMany.status).toBe(400);
    const badSource = await post('/api/extractor/runs', userId, { usernames: ['alice'], source: 'nope' });
    expect(badSource.status).toBe(400);
    const longDetail = await post('/api/extractor/runs', userId, {
      usernames: ['alice'],
      source: 'keyword',
      sourceDetail: 'x'.repeat(101),
    });
    expect(longDetail.status).toBe(400);
    expect(await fixture.request('/api/extractor/runs', userId).then((r) => r.json())).toEqual({ runs: [] });
  });

  it('runs a batch: one credit per e-mail found, outcomes in input order, the rest of the hold released', async () => {
    const userId = await fixture.createUser();
    const response = await post('/api/extractor/runs', userId, {
      usernames: ['@Mail_A', 'nomail_b', 'ghost_c', 'broken_d', 'https://instagram.com/mail_e/', 'mail_a'],
      source: 'batch',
    });
    expect(response.status).toBe(202);
    const { run } = (await response.json()) as { run: unknown };
    const started = ZRunSchema.parse(run);
    expect(started).toMatchObject({ total: 5, processed: 0, status: 'queued', skipped: [] });

    const detail = ZRunDetailSchema.parse(await fixture.waitForRun(userId, started.id));
    expect(detail).toMatchObject({
      status: 'completed',
      total: 5,
      processed: 5,
      emailsFound: 2,
      errors: 2,
      creditsUsed: 2,
      currentUsername: null,
    });
    // The run's final state goes out once, for the owner's webhook.
    const finished = await finishedEventsOf(started.id);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({
      userId,
      data: { run: { status: 'completed', emailsFound: 2, creditsUsed: 2, finishedAt: detail.finishedAt } },
    });
    expect(detail.items.map((item) => [item.username, item.outcome, item.message, item.creditsUsed])).toEqual(
      [
        ['mail_a', 'email_found', null, 1],
        ['nomail_b', 'no_email', 'No public email found for nomail_b', 0],
        ['ghost_c', 'no_data', 'No data found for ghost_c', 0],
        ['broken_d', 'api_error', 'API error: Service down', 0],
        ['mail_e', 'email_found', null, 1],
      ],
    );
    expect(detail.items[0]?.profile?.public_email).toBe('mail_a@example.com');

    // Held 5, captured 2, released 3: the balance lost exactly the two e-mails.
    expect(await fixture.balance(userId)).toMatchObject({ balance: 23, available: 23, held: 0 });
    const found = detail.items.filter((item) => item.outcome === 'email_found');
    expect((await fixture.captures(userId)).sort((a, b) => a.reference.localeCompare(b.reference))).toEqual(
      found
        .map((item) => ({
          reference: extractionChargeReference(started.id, item.id, item.username),
          amount: -1,
        }))
        .sort((a, b) => a.reference.localeCompare(b.reference)),
    );
    // The accounts with a profile reach the database service, each once.
    await vi.waitFor(() =>
      expect(
        fixture.recorded
          .filter((record) => record.runId === started.id)
          .map((r) => r.username)
          .sort(),
      ).toEqual(['mail_a', 'mail_e', 'nomail_b']),
    );
    const recordedMail = fixture.recorded.find(
      (record) => record.username === 'mail_a' && record.runId === started.id,
    );
    expect(recordedMail).toMatchObject({ emailFound: true, creditsUsed: 1, itemId: found[0]?.id });

    const list = ZRunListSchema.parse(await (await fixture.request('/api/extractor/runs', userId)).json());
    expect(list.runs.map((listed) => listed.id)).toEqual([started.id]);
    expect(list.runs[0]?.sourceDetail).toBeNull();
    expect(list.runs[0]?.firstUsernames).toHaveLength(3);
  });

  it.each(['followers', 'following', 'hashtag'] as const)(
    'runs a selection from a %s list as a batch: credits per e-mail, already extracted skipped',
    async (source) => {
      const userId = await fixture.createUser();
      fixture.extracted.set(userId, [`mail_${source}_old`]);
      const response = await post('/api/extractor/runs', userId, {
        usernames: [`mail_${source}_1`, `nomail_${source}_2`, `mail_${source}_old`],
        source,
        sourceDetail: `  target_${source}  `,
      });
      expect(response.status).toBe(202);
      const started = ZRunSchema.parse(((await response.json()) as { run: unknown }).run);
      // Recent runs name where the list came from and the first accounts the run works on.
      expect(started).toMatchObject({
        source,
        sourceDetail: `target_${source}`,
        firstUsernames: [`mail_${source}_1`, `nomail_${source}_2`],
        total: 2,
        skipped: [`mail_${source}_old`],
      });
      const detail = await fixture.waitForRun(userId, started.id);
      expect(detail).toMatchObject({ status: 'completed', source, emailsFound: 1, creditsUsed: 1 });
      expect(await fixture.balance(userId)).toMatchObject({ balance: 24, available: 24, held: 0 });
    },
  );

  it('skips what the user already has, and refuses a run with nothing new', async () => {
    const userId = await fixture.createUser();
    fixture.extracted.set(userId, ['mail_old', 'nomail_old']);
    const run = await fixture.startRun(userId, ['mail_old', 'mail_new']);
    expect(run).toMatchObject({ total: 1, skipped: ['mail_old'] });
    const detail = await fixture.waitForRun(userId, run.id);
    expect(detail.items.map((item) => item.username)).toEqual(['mail_new']);

    const one = await post('/api/extractor/runs', userId, { usernames: ['mail_old'], source: 'single' });
    expect(one.status).toBe(409);
    expect(await errorOf(one)).toEqual({
      code: 'ALREADY_EXTRACTED',
      message: 'mail_old has already been extracted',
    });
    const all = await post('/api/extractor/runs', userId, {
      usernames: ['mail_old', 'nomail_old'],
      source: 'batch',
    });
    expect(all.status).toBe(409);
    expect(await errorOf(all)).toEqual({
      code: 'ALREADY_EXTRACTED',
      message: 'All usernames already extracted',
    });
  });

  it('refuses a run the credits cannot cover, with the spec messages', async () => {
    const userId = await fixture.createUser();
    await fixture.leaveAvailable(userId, 2);
    const short = await post('/api/extractor/runs', userId, {
      usernames: ['mail_1', 'mail_2', 'mail_3'],
      source: 'batch',
    });
    expect(short.status).toBe(402);
    expect(await errorOf(short)).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'You need 3 credits but only have 2',
    });

    await fixture.leaveAvailable(userId, 0);
    const none = await post('/api/extractor/runs', userId, { usernames: ['mail_1'], source: 'single' });
    expect(none.status).toBe(402);
    expect(await errorOf(none)).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'You need at least 1 credit to perform an extraction',
    });
    expect(await fixture.request('/api/extractor/runs', userId).then((r) => r.json())).toEqual({ runs: [] });
  });

  it('cancels after the current account and gives back the unused credits', async () => {
    const userId = await fixture.createUser();
    fixture.provider.hold();
    const callsBefore = fixture.provider.calls.length;
    const run = await fixture.startRun(userId, ['mail_c1', 'mail_c2', 'mail_c3', 'mail_c4']);
    await vi.waitFor(() => expect(fixture.provider.calls.length).toBe(callsBefore + 1));
    const cancel = await post(`/api/extractor/runs/${run.id}/cancel`, userId);
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { run: unknown }).run).toMatchObject({
      id: run.id,
      cancelRequested: true,
    });
    fixture.provider.release();

    const detail = await fixture.waitForRun(userId, run.id);
    expect(detail).toMatchObject({ status: 'cancelled', processed: 1, emailsFound: 1, creditsUsed: 1 });
    expect(detail.items.map((item) => item.outcome)).toEqual([
      'email_found',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(await fixture.balance(userId)).toMatchObject({ balance: 24, available: 24, held: 0 });
    expect((await finishedEventsOf(run.id)).map((event) => event.data.run.status)).toEqual(['cancelled']);

    const again = await post(`/api/extractor/runs/${run.id}/cancel`, userId);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { run: unknown }).run).toMatchObject({ status: 'cancelled' });
  });

  it('finishes a run whose provider fails every account, with every credit given back', async () => {
    const userId = await fixture.createUser();
    fixture.provider.failEverything = true;
    try {
      const run = await fixture.startRun(userId, ['mail_f1', 'mail_f2', 'nomail_f3']);
      const detail = await fixture.waitForRun(userId, run.id);
      expect(detail).toMatchObject({ status: 'failed', processed: 3, errors: 3, creditsUsed: 0 });
      expect(new Set(detail.items.map((item) => item.message))).toEqual(new Set(['API error: Service down']));
      const [finished, ...more] = await finishedEventsOf(run.id);
      expect(more).toEqual([]);
      expect(finished).toMatchObject({ userId, data: { run: { id: run.id, status: 'failed', errors: 3 } } });
    } finally {
      fixture.provider.failEverything = false;
    }
    expect(await fixture.balance(userId)).toMatchObject({ balance: 25, available: 25, held: 0 });
  });

  it("caps and cleans a provider's oversized texts before they are kept or recorded", async () => {
    const userId = await fixture.createUser();
    const run = await fixture.startRun(userId, ['huge_bio']);
    const detail = await fixture.waitForRun(userId, run.id);
    expect(detail).toMatchObject({ status: 'completed', emailsFound: 1 });
    const profile = detail.items[0]?.profile;
    expect(profile).toMatchObject({
      username: 'huge_bio',
      public_email: 'huge_bio@example.com',
      full_name: `Huge name ${'N'.repeat(90)}`,
      category: 'C'.repeat(100),
      country: 'Italy[31m',
      external_url: null,
      biography: `First line\nSecond line\n${'B'.repeat(500 - 'First line\nSecond line\n'.length)}`,
    });
    await vi.waitFor(() =>
      expect(fixture.recorded.find((record) => record.runId === run.id)?.extractionData).toEqual(profile),
    );
    // What the run keeps is what the page reads: the item's stored profile is the capped one.
    const [stored] = await fixture.extractorDb.sql<Array<{ length: number }>>`
      select length(profile::text) as length from extractor.extraction_run_items where run_id = ${run.id}`;
    expect(stored?.length).toBeLessThan(2_000);
  });

  it("answers a run's page with the JSON PostgreSQL writes: the engine's run read, serialised", async () => {
    const userId = await fixture.createUser();
    const run = await fixture.startRun(userId, [
      'mail_json',
      'huge_bio',
      'nomail_json',
      'ghost_json',
      'broken_json',
    ]);
    await fixture.waitForRun(userId, run.id);
    const page = await fixture.request(`/api/extractor/runs/${run.id}`, userId);
    expect(page.headers.get('content-type')).toBe('application/json');
    const read = await readRunDetail(fixture.extractorDb.db, userId, run.id);
    expect(read.items.map((item) => item.outcome)).toEqual([
      'email_found',
      'email_found',
      'no_email',
      'no_data',
      'api_error',
    ]);
    expect(await page.json()).toEqual(JSON.parse(JSON.stringify(read)));
  });

  it("answers 404 for another user's run and for ids that are not runs", async () => {
    const owner = await fixture.createUser('owner');
    const other = await fixture.createUser('other');
    const run = await fixture.startRun(owner, ['nomail_private']);
    await fixture.waitForRun(owner, run.id);
    for (const id of [run.id, crypto.randomUUID(), 'not-a-uuid']) {
      const read = await fixture.request(`/api/extractor/runs/${id}`, other);
      expect(read.status).toBe(404);
      expect(await errorOf(read)).toMatchObject({ code: 'NOT_FOUND' });
      expect((await post(`/api/extractor/runs/${id}/cancel`, other)).status).toBe(404);
    }
    expect(await fixture.request('/api/extractor/runs', other).then((r) => r.json())).toEqual({ runs: [] });
  });

  it('lets a single extraction finish while a 200-account run of another user is still going', async () => {
    const big = await fixture.createUser('big');
    const small = await fixture.createUser('small');
    await fixture.grant(big, 200);
    const bigRun = await fixture.startRun(
      big,
      Array.from({ length: 200 }, (_, index) => `nomail_bulk_${index}`),
    );
    const smallRun = await fixture.startRun(small, ['mail_single']);
    const smallDone = await fixture.waitForRun(small, smallRun.id);
    expect(smallDone.status).toBe('completed');
    const bigNow = ZRunDetailSchema.parse(
      await (await fixture.request(`/api/extractor/runs/${bigRun.id}`, big)).json(),
    );
    expect(bigNow.status).toBe('running');
    expect(bigNow.processed).toBeLessThan(200);
    // The big run need not be waited for: cancelled, it ends after its current account.
    expect((await post(`/api/extractor/runs/${bigRun.id}/cancel`, big)).status).toBe(200);
    expect((await fixture.waitForRun(big, bigRun.id)).status).toBe('cancelled');
    expect(await fixture.balance(big)).toMatchObject({ balance: 225, held: 0 });
  }, 120_000);

  it('answers 503 when the database service cannot say what the user already has', async () => {
    const userId = await fixture.createUser();
    await fixture.stopDatabaseReplies();
    const response = await post('/api/extractor/runs', userId, { usernames: ['mail_z'], source: 'single' });
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toEqual({
      code: 'UNAVAILABLE',
      message: 'Extraction is unavailable right now. Please try again.',
    });
    expect(await fixture.balance(userId)).toMatchObject({ available: 25, held: 0 });
  });
});
