import { createOutboxTable } from '@prospector/db';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the extractor service stores lives in its own schema (ARCHITECTURE §3). */
export const extractorSchema = pgSchema('extractor');

export const outbox = createOutboxTable(extractorSchema);
