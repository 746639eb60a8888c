import { createOutboxTable } from '@prospector/db';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the database service stores lives in its own schema (ARCHITECTURE §3). */
export const databaseSchema = pgSchema('database');

export const outbox = createOutboxTable(databaseSchema);
