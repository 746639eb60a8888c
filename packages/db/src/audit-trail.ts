import { sql } from 'drizzle-orm';
import { bigint, index, integer, type PgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { TOutboxWriter } from './enqueue-event.ts';

/** What the audit trail records (docs/architecture.md §15). */
export const AUDIT_ACTIONS = ['opt-out', 'access-request', 'erasure', 'retention-sweep'] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The data-rights audit trail: every opt-out, access request, erasure and retention sweep, as what,
 * when and how many records, never whose. Each service declares it in its own schema, with the outbox,
 * through `createServiceSchema`. `scope` says what the count is of (`extractions`, `run items`, …);
 * nothing in a row names a person, an account or a user.
 */
export function createAuditTable<TSchemaName extends string>(schema: PgSchema<TSchemaName>) {
  return schema.table(
    'audit_trail',
    {
      id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
      action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
      scope: text('scope').notNull(),
      records: integer('records').notNull(),
      occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [index('audit_trail_occurred_idx').on(table.occurredAt)],
  );
}

export type TAuditTable = ReturnType<typeof createAuditTable>;

/** Appends one entry, in the caller's transaction so it exists exactly when the change does. */
export async function recordAudit(
  tx: Pick<TOutboxWriter, 'insert'>,
  table: TAuditTable,
  entry: { action: TAuditAction; scope: string; records: number },
): Promise<void> {
  await tx.insert(table).values({ ...entry, occurredAt: sql`now()` });
}
