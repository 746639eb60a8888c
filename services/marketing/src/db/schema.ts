import { createOutboxTable } from '@prospector/db';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the marketing service stores lives in its own schema (ARCHITECTURE §3). */
export const marketingSchema = pgSchema('marketing');

export const outbox = createOutboxTable(marketingSchema);
