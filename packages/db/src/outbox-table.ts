import type { TEventEnvelope } from '@prospector/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  getTableConfig,
  index,
  integer,
  jsonb,
  type PgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (docs/architecture.md §5). Each service declares it in its own schema file
 * through `createServiceSchema`, so drizzle-kit puts it in that service's migrations. `seq` gives a total
 * order: rows written in one transaction share `created_at`, and uuids carry no order.
 */
export function createOutboxTable<TSchemaName extends string>(schema: PgSchema<TSchemaName>) {
  return schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
      type: text('type').notNull(),
      payload: jsonb('payload').$type<TEventEnvelope>().notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
      attempts: integer('attempts').notNull().default(0),
      lastError: text('last_error'),
    },
    // The relay only ever scans unpublished rows, so keep that scan small as the table grows.
    (table) => [index('outbox_unpublished_idx').on(table.seq).where(sql`published_at is null`)],
  );
}

export type TOutboxTable = ReturnType<typeof createOutboxTable>;

/** Where the relay finds the table and which LISTEN channel announces new rows. */
export function describeOutboxTable(outbox: TOutboxTable) {
  const config = getTableConfig(outbox);
  const schema = config.schema ?? 'public';
  return { schema, table: config.name, channel: `${schema}_${config.name}_outbox` };
}
