import { createMemoryBus } from '@prospector/bus';
import {
  ACCOUNT_RPC,
  BILLING_RPC,
  createEvent,
  DATABASE_RPC,
  type TEventEnvelope,
  type THoldRequest,
  type TRun,
  ZRunDetailSchema,
  ZRunListSchema,
} from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunsFixture, signedInAs, type TRunsFixture } from '../../_factories.ts';
import { RUN_SUBJECTS } from '../../runs/run-messages.ts';

/**
 * Runs belong to a workspace (docs/architecture.md §17): its members share them, another workspace's
 * members reach none of them, and everything said about a run names the member and the workspace.
 */
describe('extraction runs of a workspace, shared by its members', () => {
  let fixture: TRunsFixture;
  /** Every live progress event heard on the bus. */
  const live: TEventEnvelope[] = [];
  /** API key secrets the account service stand-in knows: secret → user. */
  const apiKeys = new Map<string, string>();

  beforeAll(async () => {
    fixture = await createRunsFixture({ bus: createMemoryBus() });
    await fixture.bus.subscribe([RUN_SUBJECTS.liveRun, RUN_SUBJECTS.liveItem], ({ event }) => {
      live.push(event);
    });
    await fixture.bus.reply(ACCOUNT_RPC.apiKey, async ({ secret }) => {
      const userId = apiKeys.get(secret);
      if (!userId) return { status: 'invalid' as const };
      const rateLimit = { limit: 1000, remaining: 999, windowSeconds: 3600, resetSeconds: 3600 };
      return { status: 'ok' as const, userId, email: `${userId}@example.com`, rateLimit };
    });
  });

  afterAll(async () => {
    await fixture?.close();
  });

  /** A request of `userId` acting for `workspaceId` (their personal workspace when left out). */
  const as = (userId: string, workspaceId: string | undefined, path: string, init: RequestInit = {}) =>
    fixture.request(path, undefined, {
      ...init,
      headers: { ...signedInAs(userId, workspaceId), ...init.headers },
    });
  const startAs = async (userId: string, workspaceId: string, usernames: string[]): Promise<TRun> => {
    const response = await as(userId, workspaceId, '/api/extractor/runs', {
      method: 'POST',
      body: JSON.stringify({ usernames, source: 'batch' }),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { run: TRun }).run;
  };
  const listAs = async (userId: string, workspaceId?: string) => {
    const response = await as(userId, workspaceId, '/api/extractor/runs');
    expect(response.status).toBe(200);
    return ZRunListSchema.parse(await response.json()).runs.map((run) => run.id);
  };
  const detailAs = async (userId: string, workspaceId: string | undefined, runId: string) => {
    const response = await as(userId, workspaceId, `/api/extractor/runs/${runId}`);
    expect(response.status).toBe(200);
    return ZRunDetailSchema.parse(await response.json());
  };
  const waitForRunAs = async (userId: string, workspaceId: string | undefined, runId: string) => {
    let detail: Awaited<ReturnType<typeof detailAs>> | undefined;
    await vi.waitFor(
      async () => {
        detail = await detailAs(userId, workspaceId, runId);
        expect(['completed', 'cancelled', 'failed']).toContain(detail.status);
      },
      { timeout: 30_000, interval: 50 },
    );
    return detail as NonNullable<typeof detail>;
  };
  /** The envelopes of the outbox about a run (its steps, records and its end). */
  const outboxAbout = async (runId: string) =>
    (
      await fixture.extractorDb.sql`select payload from extractor.outbox
        where payload->'data'->>'runId' = ${runId} or payload->'data'->'run'->>'id' = ${runId}`
    ).map((row) => row.payload as TEventEnvelope & { ownerKey?: string });
  const holdRequestOf = (runId: string) =>
    fixture.requests.find(
      (request) => request.subject === BILLING_RPC.hold && (request.data as THoldRequest).runId === runId,
    )?.data as THoldRequest | undefined;
  const sessionsEnded = (userId: string) =>
    fixture.bus.publish(
      createEvent('accounts.sessions-ended', userId, { reason: 'membership-changed' as const }),
    );

  it("lets two members see, read and cancel each other's runs; the run names who started it", async () => {
    const owner = await fixture.createUser('owner');
    const colleague = await fixture.createUser('colleague');
    const workspace = owner;

    const run = await startAs(colleague, workspace, ['mail_ws_1', 'nomail_ws_2']);
    expect(run.startedBy).toBe(colleague);
    const finished = await waitForRunAs(owner, workspace, run.id);
    expect(finished).toMatchObject({
      status: 'completed',
      startedBy: colleague,
      emailsFound: 1,
      creditsUsed: 1,
    });
    expect(await detailAs(colleague, workspace, run.id)).toEqual(finished);

    const own = await startAs(owner, workspace, ['nomail_ws_3']);
    await waitForRunAs(colleague, workspace, own.id);
    // Both members list both runs, newest first; the colleague's own workspace has none of them.
    expect(await listAs(owner, workspace)).toEqual([own.id, run.id]);
    expect(await listAs(colleague, workspace)).toEqual([own.id, run.id]);
    expect(await listAs(colleague)).toEqual([]);
    expect((await as(colleague, undefined, `/api/extractor/runs/${run.id}`)).status).toBe(404);

    // The owner cancels a run the colleague started (a held provider keeps it going meanwhile).
    fixture.provider.hold();
    try {
      const long = await startAs(colleague, workspace, ['mail_ws_c1', 'mail_ws_c2', 'mail_ws_c3']);
      const cancel = await as(owner, workspace, `/api/extractor/runs/${long.id}/cancel`, { method: 'POST' });
      expect(cancel.status).toBe(200);
      fixture.provider.release();
      expect(await waitForRunAs(colleague, workspace, long.id)).toMatchObject({
        status: 'cancelled',
        startedBy: colleague,
      });
    } finally {
      fixture.provider.release();
    }
  });

  it('says who acts and for which workspace: every event, hold and "already extracted" question', async () => {
    const owner = await fixture.createUser('owner');
    const colleague = await fixture.createUser('colleague');
    fixture.extracted.set(owner, ['mail_had_1']);

    const run = await startAs(colleague, owner, ['mail_had_1', 'mail_ev_1', 'nomail_ev_2']);
    expect(run.skipped).toEqual(['mail_had_1']);
    await waitForRunAs(owner, owner, run.id);

    expect(holdRequestOf(run.id)).toMatchObject({ userId: colleague, ownerKey: owner, amount: 2 });
    const asked = fixture.requests.filter(
      (request) =>
        request.subject === DATABASE_RPC.extracted &&
        (request.data as { usernames: string[] }).usernames.includes('mail_ev_1'),
    );
    expect(asked.map((request) => request.data)).toEqual([
      { userId: colleague, ownerKey: owner, usernames: ['mail_had_1', 'mail_ev_1', 'nomail_ev_2'] },
    ]);
    const events = await outboxAbout(run.id);
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([RUN_SUBJECTS.step, 'extractions.recorded', 'extractions.run-finished']),
    );
    for (const event of events) expect(event).toMatchObject({ userId: colleague, ownerKey: owner });
    await vi.waitFor(() =>
      expect(
        live.filter((event) => (event.data as { id?: string; runId?: string }).id === run.id),
      ).not.toHaveLength(0),
    );
    const liveAbout = live.filter((event) => {
      const data = event.data as { id?: string; runId?: string };
      return data.id === run.id || data.runId === run.id;
    });
    for (const event of liveAbout) expect(event).toMatchObject({ userId: colleague, ownerKey: owner });
  });

  it("answers 404 to a member of another workspace for the run's id on every run route", async () => {
    const owner = await fixture.createUser('owner');
    const stranger = await fixture.createUser('stranger');
    const strangerKey = `key-${crypto.randomUUID()}`;
    apiKeys.set(strangerKey, stranger);
    const ownerKey = `key-${crypto.randomUUID()}`;
    apiKeys.set(ownerKey, owner);
    const run = await startAs(owner, owner, ['mail_private_1']);
    await waitForRunAs(owner, owner, run.id);

    const byKey = (secret: string, path: string) =>
      fixture.extractor.app.request(path, { headers: { authorization: `Bearer ${secret}` } });
    for (const [label, response] of [
      ['read', await as(stranger, undefined, `/api/extractor/runs/${run.id}`)],
      ['cancel', await as(stranger, undefined, `/api/extractor/runs/${run.id}/cancel`, { method: 'POST' })],
      ['v1 read', await byKey(strangerKey, `/api/v1/runs/${run.id}`)],
      ['v1 results', await byKey(strangerKey, `/api/v1/runs/${run.id}/results`)],
    ] as const) {
      expect(response.status, label).toBe(404);
      // The app's routes answer `{ error: { code } }`, the public API a problem document with its `code`.
      const body = (await response.json()) as { error?: { code: string }; code?: string };
      expect(body.error?.code ?? body.code, label).toBe('NOT_FOUND');
    }
    expect(await listAs(stranger)).toEqual([]);
    // The owner's key reads it (a personal workspace's key acts for it).
    expect((await byKey(ownerKey, `/api/v1/runs/${run.id}`)).status).toBe(200);
  });

  it("streams a workspace's runs to each of its members and to nobody else, and closes a member's streams when their membership changes", async () => {
    const owner = await fixture.createUser('owner');
    const colleague = await fixture.createUser('colleague');
    const stranger = await fixture.createUser('stranger');
    const open = async (userId: string, workspaceId?: string) => {
      const response = await as(userId, workspaceId, '/api/extractor/events');
      expect(response.status).toBe(200);
      return createSseReader(response);
    };
    const ownerStream = await open(owner, owner);
    const colleagueStream = await open(colleague, owner);
    const strangerStream = await open(stranger);
    try {
      const run = await startAs(owner, owner, ['mail_live_ws_1']);
      const done = (events: TSse[]) =>
        events.some(
          (event) => event.event === 'run' && (JSON.parse(event.data) as TRun).status === 'completed',
        );
      await ownerStream.until(done);
      await colleagueStream.until(done);
      const completed = colleagueStream.events.find((event) => event.event === 'item');
      expect(completed && JSON.parse(completed.data)).toMatchObject({
        runId: run.id,
        outcome: 'email_found',
      });
      // The stranger's stream hears only heartbeats.
      await strangerStream.until(() => strangerStream.heartbeats >= 2);
      expect(strangerStream.events).toEqual([]);

      // The colleague is removed: their stream closes at once, the owner's stays open.
      await sessionsEnded(colleague);
      await colleagueStream.ended;
      const before = ownerStream.heartbeats;
      await ownerStream.until(() => ownerStream.heartbeats > before);
      expect(ownerStream.closed).toBe(false);
    } finally {
      await ownerStream.cancel();
      await colleagueStream.cancel();
      await strangerStream.cancel();
    }
  });

  it("finishes a removed member's run in progress, charging the workspace's hold, while the member reaches it no more", async () => {
    const owner = await fixture.createUser('owner');
    const colleague = await fixture.createUser('colleague');
    fixture.provider.hold();
    let run: TRun;
    try {
      run = await startAs(colleague, owner, ['mail_rm_1', 'mail_rm_2', 'nomail_rm_3']);
      // Removed mid-run: the colleague's session acts for their own workspace from the next request.
      await sessionsEnded(colleague);
      expect((await as(colleague, undefined, `/api/extractor/runs/${run.id}`)).status).toBe(404);
      const cancel = await as(colleague, undefined, `/api/extractor/runs/${run.id}/cancel`, {
        method: 'POST',
      });
      expect(cancel.status).toBe(404);
    } finally {
      fixture.provider.release();
    }
    const finished = await waitForRunAs(owner, owner, run.id);
    expect(finished).toMatchObject({
      status: 'completed',
      startedBy: colleague,
      processed: 3,
      emailsFound: 2,
      creditsUsed: 2,
    });
    // Every charge came from the hold made for the workspace, and the rest of it went back.
    const hold = holdRequestOf(run.id);
    expect(hold).toMatchObject({ userId: colleague, ownerKey: owner, amount: 3 });
    const [held] = await fixture.billingDb.sql<Array<{ captured: number; status: string }>>`
      select captured, status from billing.credit_holds where run_id = ${run.id}`;
    expect(held).toEqual({ captured: 2, status: 'released' });
    expect(await listAs(colleague)).not.toContain(run.id);
    expect(await listAs(owner, owner)).toContain(run.id);
  });

  it('lets two client workspaces each extract the same account (one "already extracted" scope per workspace)', async () => {
    const agency = await fixture.createUser('agency');
    const clientA = await fixture.createUser('client-a');
    const clientB = await fixture.createUser('client-b');
    const first = await startAs(agency, clientA, ['mail_shared_1']);
    await waitForRunAs(agency, clientA, first.id);
    // The database service has it for client A now, not for client B.
    fixture.extracted.set(clientA, ['mail_shared_1']);
    const again = await as(agency, clientA, '/api/extractor/runs', {
      method: 'POST',
      body: JSON.stringify({ usernames: ['mail_shared_1'], source: 'single' }),
    });
    expect(again.status).toBe(409);
    const second = await startAs(agency, clientB, ['mail_shared_1']);
    expect(await waitForRunAs(agency, clientB, second.id)).toMatchObject({
      status: 'completed',
      emailsFound: 1,
    });
    expect(holdRequestOf(second.id)).toMatchObject({ userId: agency, ownerKey: clientB });
  });

  it("refuses a start past the member's monthly limit with billing's words, naming the member", async () => {
    const owner = await fixture.createUser('owner');
    const colleague = await fixture.createUser('colleague');
    const setLimit = (userId: string, limit: number) =>
      fixture.billingDb.sql`insert into billing.member_credit_limits (owner_key, user_id, monthly_limit)
        values (${owner}, ${userId}, ${limit})
        on conflict (owner_key, user_id) do update set monthly_limit = excluded.monthly_limit`;
    const start = (userId: string, usernames: string[], name?: string) =>
      as(userId, owner, '/api/extractor/runs', {
        method: 'POST',
        headers: name ? { 'x-test-name': name } : {},
        body: JSON.stringify({ usernames, source: 'batch' }),
      });

    await setLimit(colleague, 1);
    const named = await start(colleague, ['mail_lim_1', 'mail_lim_2'], 'Anna Colleague');
    expect(named.status).toBe(402);
    expect(await named.json()).toEqual({
      error: { code: 'MEMBER_LIMIT_REACHED', message: 'Anna Colleague has 1 of 1 credits left this month' },
    });
    const asked = fixture.requests
      .filter((request) => request.subject === BILLING_RPC.hold)
      .map((request) => request.data as THoldRequest)
      .filter((request) => request.userId === colleague);
    expect(asked.at(-1)).toMatchObject({ ownerKey: owner, amount: 2, memberName: 'Anna Colleague' });

    // Without a name in the session, the member is named by their e-mail; nothing was started.
    await setLimit(colleague, 0);
    const unnamed = await start(colleague, ['mail_lim_3']);
    expect(unnamed.status).toBe(402);
    expect(await unnamed.json()).toEqual({
      error: {
        code: 'MEMBER_LIMIT_REACHED',
        message: `${colleague}@example.com has 0 of 0 credits left this month`,
      },
    });
    expect(await listAs(colleague, owner)).toEqual([]);
    // The owner, without a limit, still extracts from the same credits.
    const own = await startAs(owner, owner, ['mail_lim_1']);
    expect((await waitForRunAs(owner, owner, own.id)).status).toBe('completed');
  });
});

interface TSse {
  event: string;
  data: string;
}

/** Reads an SSE response in the background: its events, heartbeats, and when it ends. */
function createSseReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const state = {
    events: [] as TSse[],
    heartbeats: 0,
    closed: false,
    ended: Promise.resolve(),
    async until(done: (events: TSse[]) => boolean) {
      await vi.waitFor(() => expect(done(state.events)).toBe(true), { timeout: 30_000, interval: 20 });
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
  let buffer = '';
  state.ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(': heartbeat')) state.heartbeats += 1;
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) state.events.push({ event, data });
      }
    }
    state.closed = true;
  })();
  return state;
}
