import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  ACCOUNT_ENDPOINTS,
  API_KEY_MESSAGES,
  API_REQUESTS_PER_HOUR,
  extractionCsvHeader,
  PROBLEM_CONTENT_TYPE,
  V1_DOCS_PATHS,
  V1_MESSAGES,
  V1_PATHS,
} from '@prospector/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import postgres, { type Sql } from 'postgres';

const execFileAsync = promisify(execFile);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSignedUpUser } from '../../bench/sign-up-user.ts';
import { QUICK_START } from '../api-docs/public-api-docs.ts';
import { startComposedApp, type TComposedApp } from '../testing/_composed-app.ts';
import { eventually } from '../testing/_factories.ts';
import { callV1, createApiKey, revokeApiKey } from './_public-api-client.ts';

const runPath = (id: string) => V1_PATHS.run.replace(':id', id);
const resultsPath = (id: string) => V1_PATHS.runResults.replace(':id', id);
const extractionPath = (id: string) => V1_PATHS.extraction.replace(':id', id);

type TDocumentedOperation = {
  parameters?: Array<{ name: string; schema: Record<string, unknown> }>;
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
  >;
};

/**
 * The public API (docs/architecture.md §12) in the composed app as `pnpm start` runs it (every service,
 * in-process bus, sandbox provider, real PostgreSQL): keys made in Settings act as their owner on every
 * /api/v1 route, and never as anyone else.
 */
describe('the public API by key (real PostgreSQL)', () => {
  let app: TComposedApp;
  let sql: Sql;
  let a: TSignedUpUser;
  let b: TSignedUpUser;
  let keyA: string;
  let keyB: string;

  beforeAll(async () => {
    app = await startComposedApp('public-api');
    sql = postgres(app.databaseUrl, { max: 2, onnotice: () => {} });
    [a, b] = await Promise.all([app.signUp({ label: 'api-a' }), app.signUp({ label: 'api-b' })]);
    keyA = (await createApiKey(app.url, a as TSignedUpUser, 'A tools')).secret;
    keyB = (await createApiKey(app.url, b as TSignedUpUser, 'B tools')).secret;
  }, 120_000);
  afterAll(async () => {
    await sql?.end();
    await app?.stop();
  });

  const expectProblem = (
    answer: Awaited<ReturnType<typeof callV1>>,
    status: number,
    code: string,
    title?: string,
  ) => {
    expect(answer.status, answer.text).toBe(status);
    expect(answer.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
    expect(answer.json).toMatchObject({ status, code, type: `/docs/api#error-${code.toLowerCase()}` });
    if (title) expect(answer.json.title).toBe(title);
  };

  it('creates a key shown once, lists it without its secret, records its use, and refuses it once revoked', async () => {
    const created = await createApiKey(app.url, a, 'Zapier');
    expect(created.secret).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    const list = async () => {
      const response = await fetch(`${app.url}${ACCOUNT_ENDPOINTS.apiKeys.path}`, {
        headers: { cookie: a.cookie },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain(created.secret);
      return (
        JSON.parse(text) as {
          keys: Array<{ id: string; name: string; start: string; lastUsedAt: string | null }>;
        }
      ).keys;
    };
    const listed = (await list()).find((key) => key.id === created.key.id);
    expect(listed).toMatchObject({ name: 'Zapier', start: created.secret.slice(0, 11), lastUsedAt: null });
    // Only the hash is stored.
    const [row] = await sql`select secret_hash from account.api_keys where id = ${created.key.id}`;
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.secret);

    expect((await callV1(app.url, created.secret, 'GET', V1_PATHS.credits)).status).toBe(200);
    expect((await list()).find((key) => key.id === created.key.id)?.lastUsedAt).not.toBeNull();

    // Another user cannot revoke it; its owner can, and it stops working at once.
    expect(await revokeApiKey(app.url, b, created.key.id)).toBe(404);
    expect(await revokeApiKey(app.url, a, created.key.id)).toBe(204);
    expectProblem(
      await callV1(app.url, created.secret, 'GET', V1_PATHS.credits),
      401,
      'UNAUTHENTICATED',
      API_KEY_MESSAGES.invalid,
    );
    expect(await revokeApiKey(app.url, a, created.key.id)).toBe(404);
    expect((await list()).some((key) => key.id === created.key.id)).toBe(false);

    // No key, a malformed one, a session cookie instead of a key: all refused alike.
    expectProblem(await callV1(app.url, 'pk_nope', 'GET', V1_PATHS.credits), 401, 'UNAUTHENTICATED');
    const cookieOnly = await fetch(`${app.url}${V1_PATHS.credits}`, { headers: { cookie: a.cookie } });
    expect(cookieOnly.status).toBe(401);
    // Keys are made with a session only: a key cannot make keys.
    const byKey = await fetch(`${app.url}${ACCOUNT_ENDPOINTS.apiKeys.path}`, {
      headers: { authorization: `Bearer ${keyA}` },
    });
    expect(byKey.status).toBe(401);
  });

  it('serves every v1 route to the key’s owner, and refuses another user’s key on each', async () => {
    // POST /api/v1/runs
    const started = await callV1(app.url, keyA, 'POST', V1_PATHS.runs, {
      // The sandbox's `…bounce…` shows an e-mail on a domain without a mail server: found, not charged.
      body: { usernames: ['bella.bakery', 'nasa', '@natgeo', 'acme.bounce'] },
    });
    expect(started.status, started.text).toBe(202);
    const runId = (started.json as { id: string }).id;
    expect(started.headers.get('location')).toBe(runPath(runId));
    expect(started.headers.get('ratelimit-policy')).toBe(`"hour";q=${API_REQUESTS_PER_HOUR};w=3600`);

    // GET /api/v1/runs/{id}
    const finished = await eventually(async () => {
      const answer = await callV1(app.url, keyA, 'GET', runPath(runId));
      expect(answer.status).toBe(200);
      return answer.json.status === 'completed' ? answer.json : undefined;
    }, 'the run finishing');
    expect(finished).toMatchObject({ id: runId, total: 4, processed: 4 });
    expect(finished).not.toHaveProperty('items');
    expectProblem(await callV1(app.url, keyB, 'GET', runPath(runId)), 404, 'NOT_FOUND');

    // GET /api/v1/runs/{id}/results, page by page
    const results: Array<{
      username: string;
      profile: unknown;
      creditsUsed: number;
      charged: boolean;
      notChargedReason: string | null;
      emailCheck: { status: string } | null;
    }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page = await callV1(app.url, keyA, 'GET', `${resultsPath(runId)}${query}`);
      expect(page.status, page.text).toBe(200);
      results.push(...(page.json.items as typeof results));
      cursor = page.json.nextCursor as string | null;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(results.map((item) => item.username)).toEqual(['bella.bakery', 'nasa', 'natgeo', 'acme.bounce']);
    // Each result says whether it cost a credit, and an undeliverable e-mail says why it did not.
    expect(results.find((item) => item.username === 'acme.bounce')).toMatchObject({
      creditsUsed: 0,
      charged: false,
      notChargedReason: 'undeliverable',
      emailCheck: { status: 'undeliverable' },
    });
    for (const item of results) {
      expect(item.charged, item.username).toBe(item.creditsUsed > 0);
      expect(item.notChargedReason === null, item.username).toBe(item.charged);
    }
    expect(results.filter((item) => item.charged)).toHaveLength(finished.creditsUsed as number);
    // No picture path of the app's own, which an API key could not fetch.
    for (const item of results) expect(item.profile ?? {}).not.toHaveProperty('profile_pic_url');
    expectProblem(await callV1(app.url, keyB, 'GET', resultsPath(runId)), 404, 'NOT_FOUND');
    expectProblem(
      await callV1(app.url, keyA, 'GET', `${resultsPath(runId)}?cursor=garbage`),
      400,
      'VALIDATION_FAILED',
      V1_MESSAGES.badCursor,
    );

    // GET /api/v1/extractions, page by page (the saved records arrive through the bus)
    const saved = results
      .filter((item) => item.profile !== null)
      .map((item) => item.username)
      .sort();
    expect(saved.length).toBeGreaterThan(1);
    const listAll = async () => {
      const records: Array<{ id: string; username: string }> = [];
      let after: string | null = null;
      do {
        const query: string = after ? `?limit=1&cursor=${encodeURIComponent(after)}` : '?limit=1';
        const page = await callV1(app.url, keyA, 'GET', `${V1_PATHS.extractions}${query}`);
        expect(page.status, page.text).toBe(200);
        records.push(...(page.json.items as typeof records));
        after = page.json.nextCursor as string | null;
      } while (after);
      return records;
    };
    const all = await eventually(async () => {
      const records = await listAll();
      return records.length === saved.length ? records : undefined;
    }, 'the records being saved');
    expect(all.map((record) => record.username).sort()).toEqual(saved);
    // The Database page's filters apply.
    const one = saved[0] as string;
    const filtered = await callV1(app.url, keyA, 'GET', `${V1_PATHS.extractions}?q=${one}`);
    expect((filtered.json.items as Array<{ username: string }>).map((record) => record.username)).toEqual([
      one,
    ]);
    const ofB = await callV1(app.url, keyB, 'GET', V1_PATHS.extractions);
    expect(ofB.json).toEqual({ items: [], nextCursor: null });

    // GET /api/v1/extractions/export
    const csv = await callV1(app.url, keyA, 'GET', V1_PATHS.exportExtractions);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\n')[0]).toContain('username');
    expect(csv.text).toContain('bella.bakery');
    // Nothing matching is the header row alone, not an error (a scheduled export of "nothing new").
    const none = await callV1(app.url, keyB, 'GET', V1_PATHS.exportExtractions);
    expect(none.status).toBe(200);
    // (fetch's text() drops the byte-order mark.)
    expect(none.text).toBe(extractionCsvHeader(false));

    // DELETE /api/v1/extractions/{id}
    const victim = all[0] as { id: string };
    expectProblem(await callV1(app.url, keyB, 'DELETE', extractionPath(victim.id)), 404, 'NOT_FOUND');
    expect((await callV1(app.url, keyA, 'DELETE', extractionPath(victim.id))).status).toBe(204);
    expectProblem(await callV1(app.url, keyA, 'DELETE', extractionPath(victim.id)), 404, 'NOT_FOUND');

    // GET /api/v1/credits: each key its owner's
    const creditsA = await callV1(app.url, keyA, 'GET', V1_PATHS.credits);
    const creditsB = await callV1(app.url, keyB, 'GET', V1_PATHS.credits);
    expect(creditsB.json).toMatchObject({ balance: 25, available: 25 });
    expect(creditsA.json.balance).toBe(25 - (finished.creditsUsed as number));
  }, 90_000);

  it('starts one run per Idempotency-Key: replays it, refuses another body, and lets concurrent requests start one', async () => {
    const body = { usernames: ['cristiano'] };
    const first = await callV1(app.url, keyA, 'POST', V1_PATHS.runs, {
      body,
      headers: { 'idempotency-key': 'order-1' },
    });
    expect(first.status, first.text).toBe(202);
    const runId = (first.json as { id: string }).id;
    const replay = await callV1(app.url, keyA, 'POST', V1_PATHS.runs, {
      body,
      headers: { 'idempotency-key': 'order-1' },
    });
    expect(replay.status).toBe(202);
    expect((replay.json as { id: string }).id).toBe(runId);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expectProblem(
      await callV1(app.url, keyA, 'POST', V1_PATHS.runs, {
        body: { usernames: ['nike'] },
        headers: { 'idempotency-key': 'order-1' },
      }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
      V1_MESSAGES.idempotencyConflict,
    );
    // Another user's same key is theirs alone: B gets a run of B's own.
    const ofB = await callV1(app.url, keyB, 'POST', V1_PATHS.runs, {
      body,
      headers: { 'idempotency-key': 'order-1' },
    });
    expect(ofB.status).toBe(202);
    expect((ofB.json as { id: string }).id).not.toBe(runId);

    const before = await sql`select count(*)::int as n from extractor.extraction_runs`;
    const concurrent = await Promise.all(
      Array.from({ length: 6 }, () =>
        callV1(app.url, keyA, 'POST', V1_PATHS.runs, {
          body: { usernames: ['adidas', 'puma'] },
          headers: { 'idempotency-key': 'order-2' },
        }),
      ),
    );
    expect(concurrent.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202, 202]);
    expect(new Set(concurrent.map((answer) => (answer.json as { id: string }).id)).size).toBe(1);
    const after = await sql`select count(*)::int as n from extractor.extraction_runs`;
    expect((after[0]?.n as number) - (before[0]?.n as number)).toBe(1);
  }, 60_000);

  it('counts the hourly limit per account across its keys, and answers 429 with Retry-After past it', async () => {
    const d = await app.signUp({ label: 'api-busy' });
    const one = await createApiKey(app.url, d, 'one');
    const two = await createApiKey(app.url, d, 'two');
    const first = await callV1(app.url, one.secret, 'GET', V1_PATHS.credits);
    const resetsOnTheHour = 3600 - Math.floor((Date.now() / 1000) % 3600);
    const [, reset] = /^"hour";r=\d+;t=(\d+)$/.exec(first.headers.get('ratelimit') ?? '') ?? [];
    expect(Number(reset)).toBeLessThanOrEqual(resetsOnTheHour + 1);
    expect(first.headers.get('ratelimit')).toMatch(
      new RegExp(`^"hour";r=${API_REQUESTS_PER_HOUR - 1};t=\\d+$`),
    );
    // The second key spends from the same count.
    const second = await callV1(app.url, two.secret, 'GET', V1_PATHS.credits);
    expect(second.headers.get('ratelimit')).toMatch(
      new RegExp(`^"hour";r=${API_REQUESTS_PER_HOUR - 2};t=\\d+$`),
    );
    // As if the account had sent all but one of its requests this hour.
    await sql`update account.api_request_usage set count = ${API_REQUESTS_PER_HOUR - 1}
      where user_id = (select id from account."user" where email = ${d.email})`;
    const last = await callV1(app.url, one.secret, 'GET', V1_PATHS.credits);
    expect(last.status).toBe(200);
    expect(last.headers.get('ratelimit')).toMatch(/^"hour";r=0;t=\d+$/);
    const refused = await callV1(app.url, two.secret, 'GET', V1_PATHS.extractions);
    expectProblem(refused, 429, 'RATE_LIMITED', API_KEY_MESSAGES.rateLimited);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"hour";q=${API_REQUESTS_PER_HOUR};w=3600`);
    // A new key buys nothing, and a revoked key's requests still count.
    await revokeApiKey(app.url, d, one.key.id);
    const fresh = await createApiKey(app.url, d, 'fresh');
    expectProblem(await callV1(app.url, fresh.secret, 'GET', V1_PATHS.credits), 429, 'RATE_LIMITED');
    // Another account has its own count.
    expect((await callV1(app.url, keyB, 'GET', V1_PATHS.credits)).status).toBe(200);
  });

  it('refuses a run to an owner whose trial is over, as the app does', async () => {
    const c = await app.signUp({ label: 'api-expired' });
    const { secret } = await createApiKey(app.url, c);
    await sql`update account.profiles set trial_started_at = now() - interval '16 days' where email = ${c.email}`;
    const refused = await callV1(app.url, secret, 'POST', V1_PATHS.runs, { body: { usernames: ['natgeo'] } });
    expectProblem(refused, 402, 'TRIAL_EXPIRED');
    // Reading what they have stays open, as in the app.
    expect((await callV1(app.url, secret, 'GET', V1_PATHS.credits)).status).toBe(200);
  });

  it('validates bodies with the route’s schema and answers problem documents', async () => {
    expectProblem(
      await callV1(app.url, keyA, 'POST', V1_PATHS.runs, { body: { usernames: [] } }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await callV1(app.url, keyA, 'POST', V1_PATHS.runs, { body: { keyword: 'coffee', limit: 500 } }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await callV1(app.url, keyA, 'GET', `${V1_PATHS.extractions}?limit=0`),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(await callV1(app.url, keyA, 'GET', runPath('not-a-uuid')), 404, 'NOT_FOUND');
  });

  it('starts a keyword run from the first `limit` accounts the search finds', async () => {
    const started = await callV1(app.url, keyB, 'POST', V1_PATHS.runs, {
      body: { keyword: 'coffee', limit: 2 },
    });
    expect(started.status, started.text).toBe(202);
    expect(started.json).toMatchObject({ source: 'keyword', total: 2 });
  });

  it('tells its two 409s apart, and answers unknown v1 routes and methods as problems', async () => {
    const first = await callV1(app.url, keyA, 'POST', V1_PATHS.runs, { body: { usernames: ['again.one'] } });
    expect(first.status, first.text).toBe(202);
    const runId = (first.json as { id: string }).id;
    await eventually(async () => {
      const answer = await callV1(app.url, keyA, 'GET', runPath(runId));
      return answer.json.status === 'completed' ? answer.json : undefined;
    }, 'the run finishing');
    await eventually(async () => {
      const page = await callV1(app.url, keyA, 'GET', `${V1_PATHS.extractions}?q=again.one`);
      return (page.json.items as unknown[]).length === 1 ? page : undefined;
    }, 'the record being saved');
    expectProblem(
      await callV1(app.url, keyA, 'POST', V1_PATHS.runs, { body: { usernames: ['again.one'] } }),
      409,
      'ALREADY_EXTRACTED',
      'again.one has already been extracted',
    );
    expectProblem(
      await callV1(app.url, keyA, 'POST', V1_PATHS.runs, { body: { usernames: ['not a username'] } }),
      400,
      'VALIDATION_FAILED',
    );

    expectProblem(await callV1(app.url, keyA, 'GET', '/api/v1/nothing-here'), 404, 'NOT_FOUND');
    const wrongMethod = await callV1(app.url, keyA, 'DELETE', V1_PATHS.runs);
    expectProblem(wrongMethod, 405, 'METHOD_NOT_ALLOWED');
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    const onRun = await callV1(app.url, keyA, 'PUT', runPath(runId));
    expectProblem(onRun, 405, 'METHOD_NOT_ALLOWED');
    expect(onRun.headers.get('allow')).toBe('GET, HEAD');
  });

  it('runs the reference’s quick start as pasted into a shell', async () => {
    const c = await app.signUp({ label: 'api-quick-start' });
    const key = (await createApiKey(app.url, c, 'Shell')).secret;
    const run = (script: string) =>
      execFileAsync('bash', ['-euo', 'pipefail', '-c', script], {
        env: { ...process.env, PROSPECTOR_URL: app.url, PROSPECTOR_API_KEY: key },
      });
    const { stdout } = await run(QUICK_START);
    const [runId = '', answers = ''] = stdout.split('\n');
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    // The run, then its first page of results (curl adds no line break between them).
    expect(answers).toContain(`{"id":"${runId}"`);
    expect(answers).toContain('"nextCursor"');
    const resultsScript = `RUN_ID=${runId}\n${QUICK_START.split('\n\n').at(-1)}`;
    const results = await eventually(async () => {
      const answer = JSON.parse((await run(resultsScript)).stdout) as {
        items: Array<{ username: string; status: string }>;
      };
      return answer.items.every((item) => item.status === 'done') ? answer : undefined;
    }, 'the quick start’s run finishing');
    expect(results.items.map((item) => item.username)).toEqual(['natgeo', 'nasa']);
  });

  it('serves a valid OpenAPI 3.1 document with every v1 route, and the reference page built from it', async () => {
    const response = await fetch(`${app.url}${V1_DOCS_PATHS.openapi}`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    // Every v1 route the app answers is in the document, and nothing else is.
    const served = app.routeKeys
      .filter((key) => key.includes(' /api/v1/') && !key.endsWith(V1_DOCS_PATHS.openapi))
      .map((key) => key.replace(/:([A-Za-z]+)/g, '{$1}').toLowerCase())
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`.toLowerCase()))
      .sort();
    expect(served.length).toBe(7);
    expect(documented).toEqual(served);

    // What a generated client needs: named shapes, typed query parameters, the limit's headers.
    const full = document as unknown as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, TDocumentedOperation>>;
    };
    expect(Object.keys(full.components.schemas)).toEqual(
      expect.arrayContaining(['Run', 'RunResult', 'Extraction', 'Problem', 'Credits', 'StartRunRequest']),
    );
    const list = full.paths['/api/v1/extractions']?.get;
    const parameter = (name: string) => list?.parameters?.find((entry) => entry.name === name)?.schema;
    expect(parameter('followersMin')).toMatchObject({ type: 'integer', minimum: 0 });
    expect(parameter('limit')).toMatchObject({ type: 'integer', minimum: 1 });
    expect(JSON.stringify(full.components.schemas.StartRunRequest)).toContain('"pattern"');
    expect(Object.keys(list?.responses['200']?.headers ?? {})).toEqual(['RateLimit-Policy', 'RateLimit']);
    expect(Object.keys(list?.responses['429']?.headers ?? {})).toContain('Retry-After');
    const start = full.paths['/api/v1/runs']?.post;
    expect(start?.responses['202']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Run',
    });
    expect(start?.responses['409']?.description).toMatch(/ALREADY_EXTRACTED.*IDEMPOTENCY_KEY_REUSED/);
    expect(Object.keys(start?.responses ?? {})).toContain('415');
    // A result documents whether it cost a credit and why not, and the e-mail's role flag.
    const results = JSON.stringify(full.components.schemas);
    for (const field of [
      '"charged"',
      '"notChargedReason"',
      '"undeliverable"',
      '"paid_in_another_run"',
      '"role"',
    ]) {
      expect(results).toContain(field);
    }

    const page = await fetch(`${app.url}${V1_DOCS_PATHS.page}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    for (const path of Object.keys(document.paths)) expect(html).toContain(path);
    expect(html).toContain('curl -X POST &#34;$PROSPECTOR_URL/api/v1/runs&#34;');
    expect(html).toContain('Idempotency-Key');
    // Nothing loaded from elsewhere: no script, no stylesheet link.
    expect(html).not.toMatch(/<script|<link[^>]+stylesheet|https?:\/\/(?!your-prospector-address)/);
  });
});
