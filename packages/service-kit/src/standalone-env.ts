import { envFields } from '@prospector/config';

/** The variables every service needs when it runs in its own process (distributed mode). */
export const standaloneEnvShape = (defaultPort: number) => ({
  PORT: envFields.port(defaultPort),
  DATABASE_URL: envFields.databaseUrl,
  NATS_URL: envFields.natsUrl,
  LOG_LEVEL: envFields.logLevel,
});
