import { createOutboxTable } from '@prospector/db';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the billing service stores lives in its own schema (ARCHITECTURE §3). */
export const billingSchema = pgSchema('billing');

export const outbox = createOutboxTable(billingSchema);
