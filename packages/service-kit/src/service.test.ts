import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBus, type TEventBus } from '@prospector/bus';
import { ZErrorBodySchema } from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { startService, type TRunningService } from './service.ts';

const logger = createLogger({ test: 'service' }, 'silent');
const logLines: string[] = [];
const recordingLogger = createLogger({ test: 'service' }, 'debug', (line) => logLines.push(line));

describe('startService', () => {
  // A service with no tables: an empty drizzle-kit journal is all its migrations folder holds.
  const migrationsFolder = mkdtempSync(join(tmpdir(), 'prospector-migrations-'));
  mkdirSync(join(migrationsFolder, 'meta'));
  writeFileSync(
    join(migrationsFolder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }),
  );
  let testDatabase: TTestDatabase;
  let database: TDatabase;
  let bus: TEventBus;
  let running: TRunningService;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = createDatabase({ url: testDatabase.url, schemaName: 'marketing', max: 2, logger });
    bus = await createBus();
    running = await startService(
      {
        name: 'marketing',
        migrationsFolder,
        routes: () =>
          new Hono()
            .get('/api/marketing/known', (c) => c.json({ known: true }))
            // A route that forgot to validate its input: PostgreSQL refuses the value.
            .post('/api/marketing/store', async (c) => {
              const { text } = await c.req.json<{ text: string }>();
              await database.db.execute(sql`select ${text}::text as stored`);
              return c.json({ stored: true });
            })
            .post('/api/marketing/fail', async (c) => {
              const { text } = await c.req.json<{ text: string }>();
              await database.db.execute(sql`select ${text}::int as broken`);
              return c.json({ stored: true });
            }),
      },
      { database, bus, logger: recordingLogger },
    );
  });
  afterAll(async () => {
    await running?.stop();
    await bus?.drain();
    await database?.close();
    await testDatabase?.drop();
    rmSync(migrationsFolder, { recursive: true, force: true });
  });

  it('answers an unknown route with 404 and the JSON error body', async () => {
    const response = await running.app.request('/api/marketing/unknown', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(ZErrorBodySchema.parse(await response.json())).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for POST /api/marketing/unknown' },
    });
  });

  it('still serves its own routes and its health check', async () => {
    expect(await (await running.app.request('/api/marketing/known')).json()).toEqual({ known: true });
    expect((await running.app.request('/api/marketing/health')).status).toBe(200);
  });

  it('answers a value PostgreSQL cannot store with 400, and logs neither the value nor the SQL', async () => {
    logLines.length = 0;
    const secret = 'Ada Lovelace, 12 Secret Street';
    const response = await running.app.request('/api/marketing/store', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: `${secret}\u0000` }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'The request contains a value that cannot be stored.' },
    });
    const logged = logLines.join('\n');
    expect(logged).toContain('22021');
    expect(logged).not.toContain('Secret Street');
    expect(logged).not.toContain('select');
  });

  it('logs a failed query by its code only', async () => {
    logLines.length = 0;
    const response = await running.app.request('/api/marketing/fail', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'not a number from jane@example.com' }),
    });
    expect(response.status).toBe(400);
    const logged = logLines.join('\n');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('jane@example.com');
  });

  it('sends the security headers, and no-store on its per-user API answers', async () => {
    const response = await running.app.request('/api/marketing/known');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Paths another service owns are left to that service (embedded mode mounts them side by side).
    expect((await running.app.request('/api/billing/x')).headers.get('x-frame-options')).toBeNull();
  });
});
