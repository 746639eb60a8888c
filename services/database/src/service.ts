import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import {
  createOptOutKeys,
  migrationsFolderOf,
  requireIdentity,
  type TServiceDefinition,
} from '@prospector/service-kit';
import { Hono } from 'hono';
import { consumeAccountErasures } from './consumers/account-erased.ts';
import { consumeEmailChecked } from './consumers/email-checked.ts';
import { consumeExtractionsRecorded } from './consumers/extraction-recorded.ts';
import { outbox } from './db/schema.ts';
import { createExtractionLibrary, type TExportOptions } from './extractions/extraction-library.ts';
import { createLeadListLibrary } from './lead-lists/lead-list-library.ts';
import { consumeAccessRequests } from './opt-outs/answer-access-requests.ts';
import { consumeOptOuts } from './opt-outs/apply-opt-out.ts';
import { consumeOptOutRequests } from './opt-outs/mail-confirmation-links.ts';
import {
  DEFAULT_RECORD_RETENTION,
  startRecordRetention,
  type TRecordRetention,
} from './retention/record-retention.ts';
import { createExtractionsRoutes } from './routes/extractions/extractions.index.ts';
import { createLeadListsRoutes } from './routes/lead-lists/lead-lists.index.ts';
import { createStatsRoutes } from './routes/stats/stats.index.ts';
import { createV1Routes } from './routes/v1/v1.index.ts';
import { answerExtractedRequests } from './rpc/extracted-replies.ts';

export interface TDatabaseServiceConfig {
  /** How exports share the connection pool; the defaults suit every mode (tests narrow them). */
  exports?: TExportOptions;
  /** How long saved records are kept (src/retention/); 12 months by default. */
  retention?: TRecordRetention;
}

/**
 * The database service: the user's saved extractions, stored from the extractor's
 * `extractions.recorded` events, queried, exported and deleted by the Database page.
 */
export function createDatabaseService(config: TDatabaseServiceConfig = {}): TServiceDefinition {
  return {
    name: 'database',
    api: {
      description:
        'The signed-in user’s saved extractions: figures, filtered pages, detail, CSV export, delete; and their lead lists.',
      endpoints: Object.values(DATABASE_ENDPOINTS),
    },
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes: (deps) => {
      const identity = requireIdentity('database', deps);
      const retentionMonths = (config.retention ?? DEFAULT_RECORD_RETENTION).months;
      const library = createExtractionLibrary(deps.database, {
        bus: deps.bus,
        exports: config.exports,
        optOutKeys: createOptOutKeys(deps.optOutKey),
        retentionMonths,
      });
      return new Hono()
        .route('/', createStatsRoutes(deps.database, identity, deps.bus))
        .route('/', createExtractionsRoutes(library, identity))
        .route('/', createLeadListsRoutes(createLeadListLibrary(deps.database, retentionMonths), identity))
        .route('/', createV1Routes({ bus: deps.bus, logger: deps.logger, library }));
    },
    start: async ({ database, bus, logger, optOutKey }) => {
      const optOutKeys = createOptOutKeys(optOutKey);
      const library = createExtractionLibrary(database, { optOutKeys });
      return [
        await consumeOptOuts(database.db, bus, optOutKeys),
        await consumeOptOutRequests(database.db, bus, optOutKeys),
        await consumeAccessRequests(database.db, bus, optOutKeys),
        await consumeAccountErasures(database, bus),
        await consumeExtractionsRecorded(library, bus, logger),
        await consumeEmailChecked(library, bus, logger),
        await answerExtractedRequests(library, bus),
        startRecordRetention(database.db, config.retention ?? DEFAULT_RECORD_RETENTION, logger),
      ];
    },
  };
}

export const databaseService = createDatabaseService();
