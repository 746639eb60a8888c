import { tmpdir } from 'node:os';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import { DEFAULT_EXTRACTOR_CONFIG } from '@prospector/extractor';
import { DEFAULT_MARKETING_CONFIG } from '@prospector/marketing';
import { createLogger } from '@prospector/service-kit';
import { migratedSchemasOf } from '@prospector/service-kit/testing';
import { signUpVerifiedUser, type TSignedUpUser } from '../../bench/sign-up-user.ts';

export { cookiesOf } from '../../bench/sign-up-user.ts';

import { findFreePort } from '@prospector/db';
import { SERVICES } from '../composition/services.ts';
import { startEmbedded, type TEmbeddedServer } from '../composition/start-embedded.ts';

/** A route of the composed app as `METHOD /path/:param` (Hono's pattern). */
export type TRouteKey = string;

export interface TComposedApp {
  server: TEmbeddedServer;
  /** Where the app is reached, also its PUBLIC_URL (links in mail and the trusted origin name it). */
  url: string;
  /** The app's own database, for tests that check what it wrote or set what no route sets. */
  databaseUrl: string;
  /** Every route the app answers, deduplicated (Hono lists a route once per middleware). */
  routeKeys: TRouteKey[];
  signUp(names?: Parameters<typeof signUpVerifiedUser>[1]): Promise<TSignedUpUser>;
  stop(): Promise<void>;
}

/**
 * A database of its own with every service's schema already migrated (cloned from a template migrated
 * once per server), for a test that starts the services on it, together or alone.
 */
export const createComposedAppDatabase = (): Promise<TTestDatabase> =>
  createTestDatabase({ migrated: migratedSchemasOf(...SERVICES) });

/**
 * Every service in one process as `pnpm start` runs them (in-process bus, sandbox providers), on a
 * database of its own, with the per-address rate limits lifted: the suites that use it send thousands
 * of requests from one address and must reach the handlers, not the limiter. So are each user's search
 * budget and the pace of calls to the data provider (the sandbox here), which would refuse or queue
 * the searches those suites send side by side.
 */
export async function startComposedApp(label: string): Promise<TComposedApp> {
  const database: TTestDatabase = await createComposedAppDatabase();
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  let server: TEmbeddedServer;
  try {
    server = await startEmbedded({
      port,
      host: '127.0.0.1',
      databaseUrl: database.url,
      dataDir: tmpdir(),
      logger: createLogger({ test: label }, 'silent'),
      web: false,
      account: {
        publicUrl: url,
        trustedOrigins: [],
        mailFrom: 'Prospector <no-reply@prospector.test>',
        authRateLimit: { max: 1_000_000, windowSeconds: 60 },
        otherAuthRateLimit: { max: 1_000_000, windowSeconds: 60 },
      },
      marketing: {
        ...DEFAULT_MARKETING_CONFIG,
        consentRateLimit: { limit: 1_000_000, windowMs: 60_000 },
        optOut: {
          ...DEFAULT_MARKETING_CONFIG.optOut,
          rateLimit: { limit: 1_000_000, windowMs: 60_000 },
          confirmRateLimit: { limit: 1_000_000, windowMs: 60_000 },
        },
      },
      extractor: {
        ...DEFAULT_EXTRACTOR_CONFIG,
        providerEnv: {
          ...DEFAULT_EXTRACTOR_CONFIG.providerEnv,
          EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE: 1_000_000,
        },
        discovery: { ...DEFAULT_EXTRACTOR_CONFIG.discovery, EXTRACTOR_SEARCH_LIMIT_PER_MINUTE: 1_000_000 },
      },
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const routeKeys = [...new Set(server.routes.map(({ method, path }) => `${method} ${path}`))];
  return {
    server,
    url,
    databaseUrl: database.url,
    routeKeys,
    signUp: (names) => signUpVerifiedUser(url, names),
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
