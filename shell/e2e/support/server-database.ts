import { join } from 'node:path';
import { type APIRequestContext, test } from '@playwright/test';
import { bareExtractionData } from '@prospector/contracts/testing';
import { createDatabase } from '@prospector/db';
import { readEmbeddedPostgresUrl } from '@prospector/db/testing';

/**
 * The database of the server the running journey talks to (names set in playwright.config.ts): the
 * embedded PostgreSQL in the embedded server's DATA_DIR, or the database start-distributed created on
 * the PostgreSQL server at DATABASE_URL.
 */
async function serverDatabaseUrl(): Promise<string> {
  const { project } = test.info();
  if (project.name === 'embedded') {
    return readEmbeddedPostgresUrl(join(process.env.E2E_EMBEDDED_DATA_DIR as string, 'postgres'));
  }
  if (project.name === 'distributed') {
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${process.env.E2E_DISTRIBUTED_DATABASE}`;
    return url.toString();
  }
  throw new Error(`no known database behind the ${project.name} project`);
}

/**
 * Ends the user's trial the way time would: its stored start moves 16 days back. The account service
 * counts the 15 trial days from that start, and no user action can move it.
 */
export async function expireTrial(email: string): Promise<void> {
  const database = createDatabase({ url: await serverDatabaseUrl(), schemaName: 'account', max: 1 });
  try {
    const moved = await database.sql`
      update profiles set trial_started_at = trial_started_at - interval '16 days' where email = ${email}`;
    if (moved.count !== 1) throw new Error(`expected one profile for ${email}, found ${moved.count}`);
  } finally {
    await database.close();
  }
}

/** A saved extraction as the extractor records it (extraction_data keys), for seeding the database. */
export type TSeedExtraction = {
  username: string;
  full_name?: string | null;
  public_email?: string | null;
  follower_count?: number | null;
  following_count?: number | null;
  media_count?: number | null;
  is_verified?: boolean | null;
  is_private?: boolean | null;
  category?: string | null;
  biography?: string | null;
  email_provenance?: { provider: string; field: string; fetchedAt: string } | null;
  /** Minutes before now the record was saved, and its data fetched (the list is newest first). */
  minutesAgo?: number;
};

/**
 * Stores saved extractions for `userId` as the database service's consumer would (no product endpoint
 * creates one: they arrive from extraction runs): extraction_data plus the typed columns it filters on,
 * in the user's personal workspace (`owner_key`, whose id is theirs: docs/architecture.md §17).
 */
export async function seedExtractions(userId: string, records: TSeedExtraction[]): Promise<void> {
  const database = createDatabase({ url: await serverDatabaseUrl(), schemaName: 'database', max: 1 });
  try {
    for (const { minutesAgo = 0, ...record } of records) {
      const data = { ...bareExtractionData(record.username), ...record };
      await database.sql`
        insert into database.extractions (owner_key, user_id, instagram_username, email_found, credits_used,
          extraction_data, created_at, refreshed_at, full_name, public_email, follower_count, following_count,
          media_count, is_verified, is_private, category, biography)
        values (${userId}, ${userId}, ${data.username}, ${data.public_email !== null}, ${data.public_email ? 1 : 0},
          ${JSON.stringify(data)}::jsonb, now() - make_interval(mins => ${minutesAgo}),
          now() - make_interval(mins => ${minutesAgo}), ${data.full_name},
          ${data.public_email}, ${data.follower_count}, ${data.following_count}, ${data.media_count},
          ${data.is_verified}, ${data.is_private}, ${data.category}, ${data.biography})`;
    }
  } finally {
    await database.close();
  }
}

/** The id of the user `request` is signed in as (its session cookie), for seeding their data. */
export async function signedInUserId(request: APIRequestContext): Promise<string> {
  const session = (await (await request.get('/api/auth/get-session')).json()) as { user: { id: string } };
  return session.user.id;
}
