export {
  AUDIT_ACTIONS,
  createAuditTable,
  recordAudit,
  type TAuditAction,
  type TAuditTable,
} from './audit-trail.ts';
export { createDatabase, type TCreateDatabaseOptions, type TDatabase } from './create-database.ts';
export {
  enqueueEvent,
  enqueueEvents,
  eraseUserEvents,
  type TOutboxWriter,
  UserEventsPendingError,
} from './enqueue-event.ts';
export { findFreePort } from './find-free-port.ts';
export { defaultDbLogger, describeError, type TDbLogger } from './logger.ts';
export { consumeOptOutsRecorded, createOptOutsTable, rememberOptOut } from './opt-out-list.ts';
export { createOutboxTable, describeOutboxTable, type TOutboxTable } from './outbox-table.ts';
export { runMigrations, type TRunMigrationsOptions, type TRunMigrationsResult } from './run-migrations.ts';
export { createServiceSchema } from './service-schema.ts';
export { startOutboxRelay, type TOutboxRelay, type TStartOutboxRelayOptions } from './start-outbox-relay.ts';
