import { migrationsFolderOf, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { outbox } from './db/schema.ts';

export const extractorService: TServiceDefinition = {
  name: 'extractor',
  migrationsFolder: migrationsFolderOf(import.meta.url),
  outbox,
  routes: () => new Hono(),
};
