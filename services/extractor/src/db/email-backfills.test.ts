import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMAIL_CHECK_REASONS, emailCheckOf } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractorTestDatabase } from '../_migrated-database.ts';

// Run items whose verdict was stored while a role address was "risky" (before migration 0008): the
// backfill adds the role flag from the profile's address and keeps each status as it was checked.

const backfill = readFileSync(
  fileURLToPath(new URL('../../drizzle/0008_email_role.sql', import.meta.url)),
  'utf8',
);
const legacyCheck = (code: Parameters<typeof emailCheckOf>[0]) => {
  const { role: _role, ...rest } = emailCheckOf(code, new Date('2026-06-01T00:00:00Z'));
  return rest;
};

describe('the run items’ role-flag backfill (migration 0008)', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await createExtractorTestDatabase({ max: 1 });
  });
  afterAll(() => database.close());

  it('flags each verdict from the profile’s address and keeps a legacy "role" verdict risky', async () => {
    const runId = randomUUID();
    await database.sql`insert into extractor.extraction_runs (id, owner_key, user_id, source, total, hold_id, lane_steps)
      values (${runId}, 'legacy', 'legacy', 'batch', 4, ${randomUUID()}, '{0}')`;
    const items: [string, string | null, object | null][] = [
      ['anna', 'anna@shop.test', legacyCheck('accepts_mail')],
      ['hotel', 'Bookings+summer@hotel.test', legacyCheck('role')],
      ['bounce', 'hello@parked.test', legacyCheck('no_mail_server')],
      ['none', null, null],
    ];
    for (const [position, [username, email, check]] of items.entries()) {
      await database.sql`insert into extractor.extraction_run_items (id, run_id, position, username, profile, email_check)
        values (${randomUUID()}, ${runId}, ${position}, ${username},
          ${JSON.stringify({ username, public_email: email })}::jsonb, ${check ? JSON.stringify(check) : null}::jsonb)`;
    }
    await database.sql.unsafe(backfill);
    const rows = await database.sql<{ username: string; check: object | null }[]>`
      select username, email_check as check from extractor.extraction_run_items
      where run_id = ${runId} order by position`;
    expect(rows).toEqual([
      { username: 'anna', check: { ...legacyCheck('accepts_mail'), role: false } },
      {
        username: 'hotel',
        check: { ...legacyCheck('role'), status: 'risky', reason: EMAIL_CHECK_REASONS.role, role: true },
      },
      { username: 'bounce', check: { ...legacyCheck('no_mail_server'), role: true } },
      { username: 'none', check: null },
    ]);
  });
});

describe('the runs’ undeliverable count (migration 0009)', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await createExtractorTestDatabase({ max: 1 });
  });
  afterAll(() => database.close());

  it('counts the undeliverable verdicts of each run done before it', async () => {
    const statement = readFileSync(
      fileURLToPath(new URL('../../drizzle/0009_runs_emails_undeliverable.sql', import.meta.url)),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .map((part) => part.trim())
      .find((part) => /^(--[^\n]*\n)*UPDATE/.test(part)) as string;
    const [withTwo, withNone] = [randomUUID(), randomUUID()];
    for (const runId of [withTwo, withNone]) {
      await database.sql`insert into extractor.extraction_runs (id, owner_key, user_id, source, total, hold_id, lane_steps)
        values (${runId}, 'legacy', 'legacy', 'batch', 3, ${randomUUID()}, '{0}')`;
    }
    const checks = [
      [withTwo, legacyCheck('no_domain')],
      [withTwo, legacyCheck('accepts_mail')],
      [withTwo, legacyCheck('mailbox_refused')],
      [withNone, legacyCheck('unknown')],
      [withNone, null],
    ] as const;
    for (const [position, [runId, check]] of checks.entries()) {
      await database.sql`insert into extractor.extraction_run_items (id, run_id, position, username, email_check)
        values (${randomUUID()}, ${runId}, ${position}, ${`u${position}`}, ${check ? JSON.stringify(check) : null}::jsonb)`;
    }
    await database.sql.unsafe(statement);
    const counts = await database.sql<{ id: string; n: number }[]>`
      select id, emails_undeliverable as n from extractor.extraction_runs where id in (${withTwo}, ${withNone})`;
    expect(Object.fromEntries(counts.map((row) => [row.id, row.n]))).toEqual({ [withTwo]: 2, [withNone]: 0 });
  });
});
