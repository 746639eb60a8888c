import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBus, type TEventBus } from '@prospector/bus';
import { ZErrorBodySchema } from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { startService, type TRunningService } from './service.ts';

const logger = createLogger({ test: 'service' }, 'silent');

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
        routes: () => new Hono().get('/api/marketing/known', (c) => c.json({ known: true })),
      },
      { database, bus, logger },
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
});
