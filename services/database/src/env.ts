import { exitOnEnvError, loadEnv } from '@prospector/config';
import { optOutKeyEnvCheck, SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';
import { z } from 'zod';
import { DEFAULT_RECORD_RETENTION } from './retention/record-retention.ts';
import type { TDatabaseServiceConfig } from './service.ts';

/** Read by the database service and, in embedded mode, by the all-in-one server. */
export const recordRetentionEnvShape = {
  /** Saved records older than this many months are removed by a sweeper; 0 keeps them. */
  RECORD_RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(DEFAULT_RECORD_RETENTION.months),
};

export const databaseConfigFromEnv = (env: { RECORD_RETENTION_MONTHS: number }): TDatabaseServiceConfig => ({
  retention: { ...DEFAULT_RECORD_RETENTION, months: env.RECORD_RETENTION_MONTHS },
});

/** The database service's own process (distributed mode). */
export const loadDatabaseEnv = () =>
  exitOnEnvError(() =>
    loadEnv(
      'database service',
      { ...standaloneEnvShape(SERVICE_PORTS.database), ...recordRetentionEnvShape },
      process.env,
      [optOutKeyEnvCheck],
    ),
  );
