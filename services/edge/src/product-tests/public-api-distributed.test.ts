import { natsServerForTests, startPrivateNatsServer, type TPrivateNatsServer } from '@prospector/bus/testing';
import { V1_DOCS_PATHS, V1_PATHS } from '@prospector/contracts';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser } from '../../bench/sign-up-user.ts';
import { startDistributedComposition, type TDistributedComposition } from './_distributed-composition.ts';
import { callV1, createApiKey, revokeApiKey } from './_public-api-client.ts';

const runNats = natsServerForTests('public API test (distributed)');

/**
 * The public API in distributed mode: the edge forwards each v1 prefix to the service that owns it, each
 * a process of its own on NATS, and every one of them refuses a key the moment the account service
 * (another process) has revoked it: no process keeps an answer about a key.
 */
describe.skipIf(!runNats)('the public API across processes (NATS, real PostgreSQL)', () => {
  let nats: TPrivateNatsServer;
  let database: TTestDatabase;
  let app: TDistributedComposition;

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createTestDatabase();
    app = await startDistributedComposition({ databaseUrl: database.url, natsUrl: nats.url });
  }, 240_000);
  afterAll(async () => {
    app?.stop();
    await database?.drop();
    await nats?.dispose();
  });

  it('serves each service’s slice through the edge, and a revoked key nowhere from the next request on', async () => {
    const user = await signUpVerifiedUser(app.url, { label: 'api-distributed' });
    const { key, secret } = await createApiKey(app.url, user);

    const credits = await callV1(app.url, secret, 'GET', V1_PATHS.credits);
    expect(credits.status, credits.text).toBe(200);
    expect(credits.headers.get('ratelimit')).toMatch(/^"hour";r=\d+;t=\d+$/);
    expect((await callV1(app.url, secret, 'GET', V1_PATHS.extractions)).status).toBe(200);
    const started = await callV1(app.url, secret, 'POST', V1_PATHS.runs, {
      body: { usernames: ['bella.bakery'] },
      headers: { 'idempotency-key': 'first' },
    });
    expect(started.status, started.text).toBe(202);
    const runPath = V1_PATHS.run.replace(':id', (started.json as { id: string }).id);
    expect((await callV1(app.url, secret, 'GET', runPath)).status).toBe(200);

    expect(await revokeApiKey(app.url, user, key.id)).toBe(204);
    // billing, database and extractor processes, each asked right after the account process revoked it.
    const after = await Promise.all([
      callV1(app.url, secret, 'GET', V1_PATHS.credits),
      callV1(app.url, secret, 'GET', V1_PATHS.extractions),
      callV1(app.url, secret, 'GET', runPath),
      callV1(app.url, secret, 'POST', V1_PATHS.runs, { body: { usernames: ['nasa'] } }),
    ]);
    expect(after.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(after.map((answer) => answer.json.code)).toEqual(Array(4).fill('UNAUTHENTICATED'));

    // The reference is the edge's own, in distributed mode as well.
    expect((await fetch(`${app.url}${V1_DOCS_PATHS.openapi}`)).status).toBe(200);
    expect((await fetch(`${app.url}${V1_DOCS_PATHS.page}`)).status).toBe(200);
  }, 60_000);
});
