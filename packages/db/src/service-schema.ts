import { pgSchema } from 'drizzle-orm/pg-core';
import { createAuditTable } from './audit-trail.ts';
import { createOutboxTable } from './outbox-table.ts';

/**
 * A service's own PostgreSQL schema (docs/architecture.md §3) with the two tables every service keeps in
 * it, its outbox (§5) and its data-rights audit trail (§15), so drizzle-kit puts all three in that
 * service's migrations:
 *
 *   export const { schema: billingSchema, outbox, auditTrail } = createServiceSchema('billing');
 */
export function createServiceSchema<TName extends string>(name: TName) {
  const schema = pgSchema(name);
  return { schema, outbox: createOutboxTable(schema), auditTrail: createAuditTable(schema) };
}
