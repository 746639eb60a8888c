import { randomUUID } from 'node:crypto';
import type { TDatabase } from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractorTestDatabase } from '../_migrated-database.ts';
import { DEFAULT_EXTRACTOR_CONFIG } from '../config.ts';
import { auditTrail } from '../db/schema.ts';
import { DAY_MS, sweepRetention } from './retention-sweeper.ts';

describe('the extractor retention sweeper', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await createExtractorTestDatabase();
  });
  afterAll(() => database?.close());

  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  async function run(finishedAgoMs: number | null, username: string) {
    const id = randomUUID();
    await database.sql`insert into extractor.extraction_runs (id, owner_key, user_id, source, status, total, hold_id, lane_steps, finished_at)
      values (${id}, 'u', 'u', 'single', ${finishedAgoMs === null ? 'running' : 'completed'}, 1, ${randomUUID()}, '{0}',
        ${finishedAgoMs === null ? null : ago(finishedAgoMs)})`;
    await database.sql`insert into extractor.extraction_run_items (id, run_id, position, username, status)
      values (${randomUUID()}, ${id}, 0, ${username}, 'done')`;
    return id;
  }

  it('empties the caches past their own retention and keeps only the counts of old finished runs', async () => {
    const retention = DEFAULT_EXTRACTOR_CONFIG.retention;
    expect(retention).toMatchObject({
      profileCacheMs: DAY_MS,
      websitePagesMs: 7 * DAY_MS,
      runResultsMs: 30 * DAY_MS,
    });
    await database.sql`insert into extractor.provider_cache (provider, username, result, fetched_at) values
      ('sandbox', 'stale', '{"kind":"not_found"}', ${ago(DAY_MS + 60_000)}),
      ('sandbox', 'fresh', '{"kind":"not_found"}', ${ago(60_000)})`;
    await database.sql`insert into extractor.website_pages (url, kind, outcome, fetched_at) values
      ('https://old.example/', 'page', 'html', ${ago(7 * DAY_MS + 60_000)}),
      ('https://new.example/', 'page', 'html', ${ago(6 * DAY_MS)})`;
    const old = await run(31 * DAY_MS, 'old_result');
    const recent = await run(29 * DAY_MS, 'recent_result');
    const active = await run(null, 'active_result');
    // Opt-outs: one lapsed unconfirmed, one still running, one confirmed (no end).
    await database.sql`insert into extractor.opt_outs (username_key, expires_at) values
      ('lapsed-key', ${ago(60_000)}), ('pending-key', ${ago(-DAY_MS)}), ('confirmed-key', null)`;

    expect(await sweepRetention(database.db, retention)).toEqual({
      profiles: 1,
      pages: 1,
      runItems: 1,
      lapsedOptOuts: 1,
    });
    const kept = await database.sql`select username_key from extractor.opt_outs order by 1`;
    expect(kept.map((row) => row.username_key)).toEqual(['confirmed-key', 'pending-key']);

    const cached = await database.sql`select username from extractor.provider_cache`;
    expect(cached.map((row) => row.username)).toEqual(['fresh']);
    const pages = await database.sql`select url from extractor.website_pages`;
    expect(pages.map((row) => row.url)).toEqual(['https://new.example/']);
    const items = await database.sql`select run_id from extractor.extraction_run_items order by username`;
    expect(items.map((row) => row.run_id)).toEqual([active, recent]);
    // The old run itself, with its counts, stays.
    expect(await database.sql`select total from extractor.extraction_runs where id = ${old}`).toEqual([
      { total: 1 },
    ]);
    const audit = await database.db.select().from(auditTrail);
    expect(audit.map((row) => [row.action, row.scope, row.records])).toEqual([
      ['retention-sweep', 'cached profiles', 1],
      ['retention-sweep', 'cached website pages', 1],
      ['retention-sweep', 'run items', 1],
      ['retention-sweep', 'lapsed opt-out requests', 1],
    ]);

    // 0 keeps run results.
    await run(400 * DAY_MS, 'kept_result');
    expect(await sweepRetention(database.db, { ...retention, runResultsMs: 0 })).toMatchObject({
      runItems: 0,
    });
  });
});
