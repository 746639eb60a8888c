import { randomBytes } from 'node:crypto';
import type { TDatabase } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { instanceSecrets } from '../db/schema.ts';

const AUTH_SECRET_NAME = 'better-auth';

/**
 * The auth secret of an instance run without BETTER_AUTH_SECRET (embedded and dev modes): made once,
 * kept in the account schema, so sessions and links survive restarts. Two processes starting at once
 * agree on the first one written.
 */
export async function loadOrCreateAuthSecret(database: TDatabase): Promise<string> {
  await database.db
    .insert(instanceSecrets)
    .values({ name: AUTH_SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await database.db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, AUTH_SECRET_NAME));
  if (!row) throw new Error('The auth secret could not be stored');
  return row.value;
}
