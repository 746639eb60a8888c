import { join } from 'node:path';
import { test } from '@playwright/test';
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
