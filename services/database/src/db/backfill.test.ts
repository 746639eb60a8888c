import { readExtractionData } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseServiceTestDatabase } from '../_migrated-database.ts';
import { typedColumns } from '../extractions/typed-columns.ts';
import { otherEmailsBackfillSql, typedColumnsBackfillSql } from './backfill.ts';

// Records as older code stored them: only extraction_data, in new, old or mixed keys and odd types.
const STORED: Record<string, unknown>[] = [
  {
    username: 'new',
    full_name: 'New',
    follower_count: 10,
    following_count: 2,
    media_count: 3,
    is_verified: true,
    is_private: false,
    category: 'Art',
    public_email: 'n@example.com',
    biography: 'hi',
  },
  { followers: 12, following: '3', bio: 'old bio', display_name: 'Old Timer', public_email: 'o@example.com' },
  {
    follower_count: 'many',
    followers: '7',
    full_name: '',
    display_name: 'Fallback',
    biography: '',
    bio: 'b',
  },
  {
    follower_count: -4,
    following_count: 2.9,
    media_count: ' 8 ',
    is_verified: 'true',
    is_private: 1,
    category: 7,
  },
  { follower_count: 9_999_999_999, public_email: '' },
  {},
  // other_emails, as the extractor sends it since that field exists, and malformed.
  { public_email: 'a@example.com', other_emails: ['b@example.com', 'c@example.com'] },
  { other_emails: ['', 7, null, { x: 1 }, 'd@example.com'] },
  { other_emails: 'e@example.com' },
  { other_emails: [] },
];

describe('typed-columns backfills (migrations 0002 and 0004)', () => {
  let database: TDatabase;

  beforeAll(async () => {
    database = await createDatabaseServiceTestDatabase({ max: 1 });
  });
  afterAll(() => database.close());

  it('fills every typed column as readExtractionData reads the same record, legacy keys included', async () => {
    for (const [index, data] of STORED.entries()) {
      await database.sql`insert into database.extractions (owner_key, user_id, instagram_username, extraction_data)
        values ('legacy', 'legacy', ${`user${index}`}, ${JSON.stringify(data)}::jsonb)`;
    }
    await database.sql.unsafe(typedColumnsBackfillSql());
    await database.sql.unsafe(otherEmailsBackfillSql());
    const rows = await database.sql<Record<string, unknown>[]>`
      select instagram_username, full_name, public_email, follower_count, following_count, media_count,
        is_verified, is_private, category, biography, other_emails
      from database.extractions where user_id = 'legacy' order by instagram_username`;
    for (const [index, data] of STORED.entries()) {
      // The role flag has its own migration and test (email-role-backfill.test.ts).
      const { emailRole: _emailRole, ...expected } = typedColumns(readExtractionData(data, `user${index}`));
      const row = rows.find((candidate) => candidate.instagram_username === `user${index}`);
      expect(
        {
          fullName: row?.full_name,
          publicEmail: row?.public_email,
          followerCount: row?.follower_count,
          followingCount: row?.following_count,
          mediaCount: row?.media_count,
          isVerified: row?.is_verified,
          isPrivate: row?.is_private,
          category: row?.category,
          biography: row?.biography,
          otherEmails: row?.other_emails,
        },
        JSON.stringify(data),
      ).toEqual(expected);
    }
  });
});
