import { envFields } from '@prospector/config';
import { z } from 'zod';
import { optOutKeyEnvShape } from './opt-out-keys.ts';
import { SERVICE_PORTS } from './service.ts';

/** The variables every service needs when it runs in its own process (distributed mode). */
export const standaloneEnvShape = (defaultPort: number) => ({
  PORT: envFields.port(defaultPort),
  DATABASE_URL: envFields.databaseUrl,
  NATS_URL: envFields.natsUrl,
  NATS_STREAM_REPLICAS: envFields.natsStreamReplicas,
  LOG_LEVEL: envFields.logLevel,
  /** Where services verify sessions (`/api/auth/get-session`); the account service ignores it. */
  ACCOUNT_SERVICE_URL: envFields.httpUrl.default(`http://127.0.0.1:${SERVICE_PORTS.account}`),
  /** Bearer token for `/metrics`; unset, only loopback clients may read it. */
  METRICS_TOKEN: z.string().optional(),
  /** Where users reach the app: an origin allowed to send state-changing requests. */
  PUBLIC_URL: envFields.httpUrl.optional(),
  /** More such origins, comma-separated. */
  TRUSTED_ORIGINS: z.string().optional(),
  /** The secret of the opt-out's keyed hashes; the same on every service (opt-out-keys.ts). */
  ...optOutKeyEnvShape,
});

/** PUBLIC_URL and TRUSTED_ORIGINS as one list of origins. */
export const trustedOriginsFromEnv = (env: { PUBLIC_URL?: string; TRUSTED_ORIGINS?: string }): string[] =>
  [env.PUBLIC_URL, ...(env.TRUSTED_ORIGINS ?? '').split(',')]
    .map((origin) => origin?.trim())
    .filter((origin): origin is string => Boolean(origin));
