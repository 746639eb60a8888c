import { migrationsFolderOf, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { outbox } from './db/schema.ts';

export const accountService: TServiceDefinition = {
  name: 'account',
  migrationsFolder: migrationsFolderOf(import.meta.url),
  outbox,
  routes: () => new Hono(),
};
