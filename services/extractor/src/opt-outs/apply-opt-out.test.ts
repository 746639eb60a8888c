import { randomUUID } from 'node:crypto';
import { optedOutMessage } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { createOptOutKeys } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractorTestDatabase } from '../_migrated-database.ts';
import { applyOptOut } from './consume-opt-outs.ts';
import { createOptOutCheck } from './opt-out-check.ts';

/**
 * What an opt-out scrubs in the extractor's own tables (docs/architecture.md §15): the run items' profiles,
 * the cached provider answers and the cached pages of the profile's linked site — and nothing else's.
 */
describe('an opt-out in the extractor', () => {
  let database: TDatabase;
  const keys = createOptOutKeys();
  beforeAll(async () => {
    database = await createExtractorTestDatabase();
  });
  afterAll(() => database?.close());

  const profile = (username: string, email: string | null, site: string | null) => ({
    username,
    public_email: email,
    external_url: site,
    full_name: `Name of ${username}`,
  });

  async function item(username: string, email: string | null, site: string | null) {
    const runId = randomUUID();
    await database.sql`insert into extractor.extraction_runs (id, owner_key, user_id, source, status, total, hold_id, lane_steps)
      values (${runId}, 'u', 'u', 'single', 'completed', 1, ${randomUUID()}, '{0}')`;
    await database.sql`insert into extractor.extraction_run_items (id, run_id, position, username, status, profile)
      values (${randomUUID()}, ${runId}, 0, ${username}, 'done', ${JSON.stringify(profile(username, email, site))}::jsonb)`;
  }

  async function cache(username: string, email: string | null, site: string | null) {
    await database.sql`insert into extractor.provider_cache (provider, username, result, fetched_at)
      values ('sandbox', ${username}, ${JSON.stringify({ kind: 'found', profile: profile(username, email, site) })}::jsonb, now())`;
  }

  it('scrubs the run items, the cached profile and the linked site’s pages, by username or by e-mail', async () => {
    await item('opted.shop', 'hello@opted.example', 'opted.example/shop');
    await cache('opted.shop', 'hello@opted.example', 'https://opted.example/shop');
    await item('kept.shop', 'hello@kept.example', 'https://kept.example');
    await cache('kept.shop', 'hello@kept.example', 'https://kept.example');
    // Known only by its e-mail: another account showing the address the person gave.
    await cache('alias.shop', 'Hello@Opted.Example', null);
    await database.sql`insert into extractor.website_pages (url, kind, outcome, fetched_at) values
      ('https://opted.example/', 'page', 'html', now()), ('http://opted.example/contact', 'page', 'html', now()),
      ('https://opted.example.evil/', 'page', 'html', now()), ('https://kept.example/', 'page', 'html', now())`;

    const check = createOptOutCheck(database.db, keys);
    const applied = await applyOptOut(database.db, check, {
      usernameKey: keys.username('@Opted.Shop') as string,
      emailKey: keys.email('hello@opted.example'),
    });
    expect(applied).toEqual({ items: 1, cached: 2 });

    const items =
      await database.sql`select username, profile, message from extractor.extraction_run_items order by username`;
    expect(items.map((row) => [row.username, row.profile === null, row.message])).toEqual([
      ['kept.shop', false, null],
      ['opted.shop', true, optedOutMessage('opted.shop')],
    ]);
    const cached = await database.sql`select username from extractor.provider_cache order by 1`;
    expect(cached.map((row) => row.username)).toEqual(['kept.shop']);
    const pages = await database.sql`select url from extractor.website_pages order by 1`;
    expect(pages.map((row) => row.url)).toEqual(['https://kept.example/', 'https://opted.example.evil/']);
    // Counts only, never whose.
    const audit = await database.sql`select action, scope, records from extractor.audit_trail order by scope`;
    expect(audit).toEqual([
      { action: 'opt-out', scope: 'cached profiles and pages', records: 4 },
      { action: 'opt-out', scope: 'run items', records: 1 },
    ]);
    expect(JSON.stringify(audit)).not.toContain('opted');

    // Every later fetch is refused, and a redelivery finds nothing left.
    expect(await check.optedOut(['opted.shop', 'kept.shop'], ['HELLO@opted.example'])).toEqual(
      new Set(['opted.shop', 'HELLO@opted.example']),
    );
    expect(
      await applyOptOut(database.db, check, {
        usernameKey: keys.username('opted.shop') as string,
        emailKey: keys.email('hello@opted.example'),
      }),
    ).toEqual({ items: 0, cached: 0 });
  });
});
