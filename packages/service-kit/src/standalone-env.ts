import { envFields } from '@prospector/config';
import { z } from 'zod';
import { SERVICE_PORTS } from './service.ts';

/** The variables every service needs when it runs in its own process (distributed mode). */
export const standaloneEnvShape = (defaultPort: number) => ({
  PORT: envFields.port(defaultPort),
  DATABASE_URL: envFields.databaseUrl,
  NATS_URL: envFields.natsUrl,
  LOG_LEVEL: envFields.logLevel,
  /** Where services verify sessions (`/api/auth/get-session`); the account service ignores it. */
  ACCOUNT_SERVICE_URL: envFields.httpUrl.default(`http://127.0.0.1:${SERVICE_PORTS.account}`),
  /** Bearer token for `/metrics`; unset, only loopback clients may read it. */
  METRICS_TOKEN: z.string().optional(),
});
