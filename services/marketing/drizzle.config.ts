import { defineConfig } from 'drizzle-kit';

// Generates this service's migrations from its schema file; only its own PostgreSQL schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  schemaFilter: ['marketing'],
  migrations: { schema: 'marketing', table: '__drizzle_migrations' },
});
