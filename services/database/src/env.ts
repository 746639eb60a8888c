import { exitOnEnvError, loadEnv } from '@prospector/config';
import { optOutKeyEnvCheck, SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';

/** The database service's own process (distributed mode). */
export const loadDatabaseEnv = () =>
  exitOnEnvError(() =>
    loadEnv('database service', standaloneEnvShape(SERVICE_PORTS.database), process.env, [optOutKeyEnvCheck]),
  );
