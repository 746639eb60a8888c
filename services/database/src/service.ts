import { migrationsFolderOf, requireIdentity, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { consumeAccountErasures } from './consumers/erase-user.ts';
import { outbox } from './db/schema.ts';
import { createStatsRoutes } from './routes/stats/stats.index.ts';

export const databaseService: TServiceDefinition = {
  name: 'database',
  migrationsFolder: migrationsFolderOf(import.meta.url),
  outbox,
  routes: (deps) =>
    new Hono().route('/', createStatsRoutes(deps.database, requireIdentity('database', deps))),
  start: async ({ database, bus }) => [await consumeAccountErasures(database, bus)],
};
