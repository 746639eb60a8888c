import { createOutboxTable } from '@prospector/db';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the account service stores lives in its own schema (ARCHITECTURE §3). */
export const accountSchema = pgSchema('account');

export const outbox = createOutboxTable(accountSchema);
