import { migrationsFolderOf, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { outbox } from './db/schema.ts';

export const marketingService: TServiceDefinition = {
  name: 'marketing',
  migrationsFolder: migrationsFolderOf(import.meta.url),
  outbox,
  routes: () => new Hono(),
};
