import { accountConfigEnvShape, accountConfigFromEnv, accountEnvChecks } from '@prospector/account';
import {
  DEFAULT_BILLING_CONFIG,
  paymentsConfigFromEnv,
  paymentsEnvChecks,
  stripeEnvShape,
} from '@prospector/billing';
import { envFields, exitOnEnvError, loadEnv } from '@prospector/config';
import { databaseConfigFromEnv, recordRetentionEnvShape } from '@prospector/database';
import {
  extractorConfigFromEnv,
  extractorEnvShapes,
  providerEnvCheck,
  websiteBotEnvCheck,
  websiteEnvCheck,
} from '@prospector/extractor';
import { marketingConfigFromEnv, promoEnvShape } from '@prospector/marketing';
import {
  edgeSecretEnvCheck,
  edgeSecretEnvShape,
  optOutKeyEnvCheck,
  optOutKeyEnvShape,
  SERVICE_PORTS,
  type TLogger,
} from '@prospector/service-kit';
import { z } from 'zod';
import type { TEmbeddedOptions } from './composition/start-embedded.ts';

/** Bearer token for `/metrics`; unset, only clients on this machine (loopback) may read it. */
const metricsShape = { METRICS_TOKEN: z.string().optional() };

/** The API reference at `/api/docs`: `on` or `off`; unset, on except in production (and at the distributed edge). */
const apiDocsShape = { API_DOCS: z.enum(['on', 'off']).optional() };

/** Whether `/api/docs` is served: API_DOCS when set, otherwise everywhere but production. */
export const apiDocsEnabled = (env: { API_DOCS?: 'on' | 'off'; NODE_ENV?: string }) =>
  env.API_DOCS ? env.API_DOCS === 'on' : env.NODE_ENV !== 'production';

const remoteEntryShape = {
  REMOTE_MARKETING_ENTRY: z.string().optional(),
  REMOTE_EXTRACTOR_ENTRY: z.string().optional(),
  REMOTE_DATABASE_ENTRY: z.string().optional(),
  REMOTE_BILLING_ENTRY: z.string().optional(),
};

/** `pnpm start`: everything in one process; PostgreSQL and NATS only when their URLs are given. */
export const embeddedEnvShape = {
  PORT: envFields.port(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: envFields.databaseUrl.optional(),
  NATS_URL: envFields.natsUrl.optional(),
  NATS_STREAM_REPLICAS: envFields.natsStreamReplicas,
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: envFields.logLevel,
  ...metricsShape,
  ...apiDocsShape,
  /** production: a fixed secret, real mail and real payments are required (see the account and billing checks). */
  NODE_ENV: envFields.nodeEnv,
  ...remoteEntryShape,
  ...accountConfigEnvShape,
  ...stripeEnvShape,
  ...promoEnvShape,
  ...extractorEnvShapes,
  /** The secret of the opt-out's keyed hashes (required in production). */
  ...optOutKeyEnvShape,
  ...recordRetentionEnvShape,
};
export const loadEmbeddedEnv = () =>
  exitOnEnvError(() => {
    const env = loadEnv('embedded server', embeddedEnvShape, process.env, [
      ...accountEnvChecks,
      ...paymentsEnvChecks,
      providerEnvCheck,
      websiteEnvCheck,
      websiteBotEnvCheck,
      optOutKeyEnvCheck,
    ]);
    const account = accountConfigFromEnv(
      // Unless PUBLIC_URL says otherwise, users reach the all-in-one server on this port, and links in
      // e-mails must lead there.
      process.env.PUBLIC_URL?.trim() ? env : { ...env, PUBLIC_URL: `http://localhost:${env.PORT}` },
    );
    // The browser on this machine may name the server either way; both are the same origin to users.
    const localOrigins = [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
    // Stripe sends buyers back to where users reach the app; without a key the sandbox takes payments.
    const payments = paymentsConfigFromEnv({ ...env, PUBLIC_URL: account.publicUrl });
    return {
      ...env,
      apiDocs: apiDocsEnabled(env),
      account: { ...account, trustedOrigins: [...account.trustedOrigins, ...localOrigins] },
      billing: { ...DEFAULT_BILLING_CONFIG, payments },
      marketing: marketingConfigFromEnv(env),
      // The website crawler's user agent links to the privacy policy where users reach the app.
      extractor: extractorConfigFromEnv({ ...env, PUBLIC_URL: account.publicUrl }),
      database: databaseConfigFromEnv(env),
    };
  });

/** `startEmbedded`'s options as the environment sets them (`pnpm start`, `pnpm dev`, the API benchmark). */
export const embeddedOptionsFromEnv = (
  env: ReturnType<typeof loadEmbeddedEnv>,
  logger: TLogger,
): TEmbeddedOptions => ({
  port: env.PORT,
  host: env.HOST,
  databaseUrl: env.DATABASE_URL,
  natsUrl: env.NATS_URL,
  natsStreamReplicas: env.NATS_STREAM_REPLICAS,
  dataDir: env.DATA_DIR,
  logger,
  account: env.account,
  billing: env.billing,
  marketing: env.marketing,
  extractor: env.extractor,
  database: env.database,
  metricsToken: env.METRICS_TOKEN,
  apiDocs: env.apiDocs,
  optOutKey: env.OPTOUT_KEY,
});

/** Distributed mode: the web edge serves the frontends and forwards `/api/*` to each service. */
export const edgeEnvShape = {
  PORT: envFields.port(3000),
  HOST: z.string().default('0.0.0.0'),
  ACCOUNT_SERVICE_URL: envFields.httpUrl.default(`http://127.0.0.1:${SERVICE_PORTS.account}`),
  MARKETING_SERVICE_URL: envFields.httpUrl.default(`http://127.0.0.1:${SERVICE_PORTS.marketing}`),
  EXTRACTOR_SERVICE_URL: envFields.httpUrl.default(`http://127.0.0.1:${SERVICE_PORTS.extractor}`),
  DATABASE_SERVICE_URL: envFields.httpUrl.default(`http://127.0.0.1:${SERVICE_PORTS.database}`),
  BILLING_SERVICE_URL: envFields.httpUrl.default(`http://127.0.0.1:${SERVICE_PORTS.billing}`),
  LOG_LEVEL: envFields.logLevel,
  /** production: EDGE_SECRET is required, as the services behind it would otherwise see one client. */
  NODE_ENV: envFields.nodeEnv,
  /** Signs the client address stamped on every forwarded request; the services hold the same secret. */
  ...edgeSecretEnvShape,
  ...metricsShape,
  ...apiDocsShape,
  ...remoteEntryShape,
};
export const loadEdgeEnv = () =>
  exitOnEnvError(() => loadEnv('edge', edgeEnvShape, process.env, [edgeSecretEnvCheck]));

export const remoteEntriesFromEnv = (env: z.infer<z.ZodObject<typeof remoteEntryShape>>) => ({
  marketing: env.REMOTE_MARKETING_ENTRY,
  extractor: env.REMOTE_EXTRACTOR_ENTRY,
  database: env.REMOTE_DATABASE_ENTRY,
  billing: env.REMOTE_BILLING_ENTRY,
});

/** The environment a child process inherits, with `extra` on top (the one place here that reads it). */
export const inheritedEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  ...extra,
});
