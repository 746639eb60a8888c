import { serviceDrizzleConfig } from '@prospector/db/drizzle-config';
import { defineConfig } from 'drizzle-kit';

// Generates this service's migrations from its schema file; only its own PostgreSQL schema.
export default defineConfig(serviceDrizzleConfig('database'));
