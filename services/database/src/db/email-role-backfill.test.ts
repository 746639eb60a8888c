import { EMAIL_CHECK_REASONS, emailCheckOf, isRoleEmail, ROLE_LOCAL_PARTS } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseServiceTestDatabase } from '../_migrated-database.ts';
import { emailRoleBackfillSql } from './backfill.ts';

// Records saved while a role address was "risky" (before migration 0010): their verdict has no `role`,
// and a role address's carries the code `role`. The backfill gives every record its flag, read from the
// address as isRoleEmail reads it, and leaves each status as it was checked.

/** A verdict as it was stored before the role flag: no `role` key. */
const legacyCheck = (code: Parameters<typeof emailCheckOf>[0]) => {
  const { role: _role, ...rest } = emailCheckOf(code, new Date('2026-06-01T00:00:00Z'));
  return code === 'role'
    ? { ...rest, reason: 'a role address (info@, admin@, sales@…), read by a team rather than a person' }
    : rest;
};

const ADDRESSES = [
  ...[...ROLE_LOCAL_PARTS].flatMap((local) => [`${local}@shop.test`, `${local.toUpperCase()}+eu@shop.test`]),
  'anna@shop.test',
  'infos@shop.test',
  'anna.info@shop.test',
  'hello.anna@shop.test',
  'anna@info.test',
  'sales-team@shop.test',
];

describe('the role-flag backfill (migration 0010)', () => {
  let database: TDatabase;

  beforeAll(async () => {
    database = await createDatabaseServiceTestDatabase({ max: 1 });
  });
  afterAll(() => database.close());

  const insert = (username: string, email: string | null, check: object | null) =>
    database.sql`insert into database.extractions
      (owner_key, user_id, instagram_username, extraction_data, public_email, email_status, email_check)
      values ('legacy', 'legacy', ${username}, ${JSON.stringify({ public_email: email })}::jsonb, ${email},
        ${check ? (check as { status: string }).status : null}, ${check ? JSON.stringify(check) : null}::jsonb)`;

  it('flags every address as isRoleEmail does, in the column and in the verdict', async () => {
    for (const [index, email] of ADDRESSES.entries()) {
      await insert(`user${index}`, email, legacyCheck('accepts_mail'));
    }
    await insert('unchecked', 'hello@studio.test', null);
    await insert('noemail', null, null);
    await database.sql.unsafe(emailRoleBackfillSql());

    const rows = await database.sql<
      { username: string; email: string | null; role: boolean | null; check: { role?: boolean } | null }[]
    >`select instagram_username as username, public_email as email, email_role as role, email_check as check
      from database.extractions where user_id = 'legacy'`;
    const byName = new Map(rows.map((row) => [row.username, row]));
    for (const [index, email] of ADDRESSES.entries()) {
      const row = byName.get(`user${index}`);
      expect({ email, role: row?.role, checkRole: row?.check?.role }).toEqual({
        email,
        role: isRoleEmail(email),
        checkRole: isRoleEmail(email),
      });
    }
    expect(byName.get('unchecked')).toMatchObject({ role: true, check: null });
    expect(byName.get('noemail')).toMatchObject({ role: null, check: null });
  });

  it('keeps a legacy "role" verdict risky, since what else its check found was not stored, and says to re-check', async () => {
    await insert('legacyrole', 'bookings@hotel.test', legacyCheck('role'));
    await insert('legacybounce', 'hello@parked.test', legacyCheck('no_mail_server'));
    await database.sql.unsafe(emailRoleBackfillSql());
    const rows = await database.sql<{ username: string; status: string; role: boolean; check: object }[]>`
      select instagram_username as username, email_status as status, email_role as role, email_check as check
      from database.extractions where instagram_username in ('legacyrole', 'legacybounce') order by 1`;
    expect(rows).toEqual([
      {
        username: 'legacybounce',
        status: 'undeliverable',
        role: true,
        check: { ...legacyCheck('no_mail_server'), role: true },
      },
      {
        username: 'legacyrole',
        status: 'risky',
        role: true,
        check: { ...legacyCheck('role'), reason: EMAIL_CHECK_REASONS.role, role: true },
      },
    ]);
  });
});
