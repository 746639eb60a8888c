import { resolve } from 'node:path';
import {
  createAccountService,
  type TAccountConfig,
  type TAccountServiceDefinition,
} from '@prospector/account';
import { SessionVerifierUnavailableError, type TSessionVerifier } from '@prospector/auth-client';
import { createBillingService, type TBillingConfig } from '@prospector/billing';
import { createBus, type TEventBus } from '@prospector/bus';
import { createDatabaseService, type TDatabaseServiceConfig } from '@prospector/database';
import { createDatabase, describeError, type TDatabase } from '@prospector/db';
import { startEmbeddedPostgres } from '@prospector/db/embedded';
import { createExtractorService, type TExtractorConfig } from '@prospector/extractor';
import { createMarketingService, type TMarketingConfig } from '@prospector/marketing';
import {
  createRootApp,
  listen,
  migrateService,
  startService,
  type THttpServer,
  type TLogger,
  type TServiceDefinition,
} from '@prospector/service-kit';
import { createApiDocsRoutes } from '../api-docs/api-docs.ts';
import { createPublicApiDocsRoutes } from '../api-docs/public-api-docs.ts';
import { createWebRoutes, type TWebOptions } from '../web/web.ts';
import { SERVICES } from './services.ts';
import { createStartGate, type TStartGate } from './start-gate.ts';

export interface TEmbeddedOptions {
  port: number;
  host?: string;
  /** A PostgreSQL server to use; without one, embedded PostgreSQL runs from `dataDir`. */
  databaseUrl?: string;
  /** A NATS server to use; without one, the in-process bus carries events. */
  natsUrl?: string;
  /** With `natsUrl`: copies of each stream (3 on a 3-node cluster). */
  natsStreamReplicas?: number;
  dataDir: string;
  logger: TLogger;
  /** Serve the built shell and remotes too (off in development, where Vite serves them). */
  web?: TWebOptions | false;
  /** The account service's settings (public URL, mail, secret); its defaults otherwise. */
  account?: TAccountConfig;
  /** The billing service's settings (Stripe or the sandbox); the sandbox otherwise. */
  billing?: TBillingConfig;
  /** The marketing service's settings (the promo's end); its defaults otherwise. */
  marketing?: TMarketingConfig;
  /** The extractor service's settings (the data provider); the sandbox otherwise. */
  extractor?: TExtractorConfig;
  /** The database service's settings (record retention); its defaults otherwise. */
  database?: TDatabaseServiceConfig;
  /** Bearer token for `/metrics` (METRICS_TOKEN); without one, only loopback clients may read it. */
  metricsToken?: string;
  /** Serve the API reference at `/api/docs` (API_DOCS; on in development and embedded mode). */
  apiDocs?: boolean;
  /** OPTOUT_KEY: the secret of the opt-out's keyed hashes, the same for every service. */
  optOutKey?: string;
  /**
   * Listen only once this settles: `pnpm start` passes the build of the first page's frontends, so the
   * database and the services start while the web app builds, and the first page served is the new
   * build. From then on the pages are served while the services finish starting; other requests wait
   * for them. When it rejects, everything started is stopped and its error is thrown.
   */
  webReady?: Promise<unknown>;
  /**
   * When `webReady` covers only the first page's frontends: the rest of the build and the remotes it
   * builds. Their files wait like the API's requests, and the services take over once it is done.
   */
  webLater?: { built: Promise<unknown>; remotes: readonly string[] };
}

export interface TEmbeddedServer {
  url: string;
  /** The PostgreSQL the services use (the embedded one's address when embedded). */
  databaseUrl: string;
  databaseSource: 'embedded' | 'external';
  busKind: 'memory' | 'nats';
  /** Where the dev mailbox lists mail, when no SMTP server is configured. */
  devMailboxUrl?: string;
  /** Every route the composed app answers (method and Hono path pattern), middleware left out. */
  routes: ReadonlyArray<{ method: string; path: string }>;
  stop(): Promise<void>;
}

/** Thrown when DATABASE_URL is set but unusable, so `pnpm start` can print one clear line. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const host = safeHost(url);
    const problem = host
      ? `Cannot connect to the database at ${host}: ${describeError(cause)}.`
      : `DATABASE_URL is not a URL PostgreSQL can use (${describeError(cause)}).`;
    super(`${problem} Check DATABASE_URL, or unset it to use the embedded database.`);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Fails fast with DatabaseUnreachableError, before any slow start-up work, when DATABASE_URL is unusable. */
export async function assertDatabaseReachable(url: string, logger: TLogger): Promise<void> {
  let probe: TDatabase | undefined;
  try {
    // Creating the client already parses the URL, and throws on one it cannot read.
    probe = createDatabase({ url, schemaName: 'public', max: 1, logger });
    await probe.sql`select 1`;
  } catch (error) {
    throw new DatabaseUnreachableError(url, error);
  } finally {
    await probe?.close().catch(() => {});
  }
}

/** Where DATABASE_URL points, without its credentials; undefined when it cannot be read as a URL. */
function safeHost(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    // postgres.js decodes the credentials too; a URL it cannot decode is not usable either.
    decodeURIComponent(parsed.username);
    decodeURIComponent(parsed.password);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

type TUndoSteps = Array<() => Promise<void>>;
type TPool = { definition: TServiceDefinition; database: TDatabase; serviceLogger: TLogger };

/**
 * Embedded mode: every service mounted in this one process on one port. Steps are undone in reverse
 * if a later one fails, so a failed start leaves no database running behind it.
 */
export async function startEmbedded(options: TEmbeddedOptions): Promise<TEmbeddedServer> {
  const undo: TUndoSteps = [];
  const stopAll = () => undoAll(undo, options.logger);
  // Listening begins as soon as the web app is built: its pages are served while the services start.
  const web = options.web === false ? undefined : createWebRoutes(options.web ?? {});
  const gate = createStartGate(web, options.webLater?.remotes);
  const listener = listenOnceWebReady(options, gate);
  try {
    const databaseUrl = options.databaseUrl || (await startPostgres(options.dataDir, undo));
    const bus = await createBus({ natsUrl: options.natsUrl, streamReplicas: options.natsStreamReplicas });
    undo.push(() => bus.drain());
    await bus.ensureStreams();
    // One metrics endpoint for every service in this process; requests are labelled by service.
    const app = createRootApp({ metricsToken: options.metricsToken });
    const definitions = configuredServices(options);
    if (options.apiDocs) app.route('/', createApiDocsRoutes(definitions));
    app.route('/', createPublicApiDocsRoutes());
    const pools = await migratedPools(definitions, databaseUrl, options.logger, undo);
    if (!options.databaseUrl && pools[0]) checkpointInBackground(pools[0].database, options.logger);
    for (const service of await startServices(pools, bus, options, undo)) app.route('/', service.app);
    if (web) app.route('/', web);
    await options.webLater?.built;
    gate.open(app);
    const server = await listener.listening;
    undo.push(() => server.close());
    const url = `http://localhost:${server.port}`;
    return {
      url,
      devMailboxUrl: options.account?.smtpUrl ? undefined : `${url}/dev/mailbox`,
      databaseUrl,
      databaseSource: options.databaseUrl ? 'external' : 'embedded',
      busKind: bus.kind,
      routes: app.routes
        .filter((route) => route.method !== 'ALL')
        .map(({ method, path }) => ({ method, path })),
      stop: stopAll,
    };
  } catch (error) {
    gate.fail();
    await listener.abandon();
    await stopAll();
    if (options.databaseUrl && isConnectionError(error))
      throw new DatabaseUnreachableError(options.databaseUrl, error);
    throw error;
  }
}

/** Runs a start's undo steps in reverse; a failing step is logged and the rest still run. */
async function undoAll(steps: TUndoSteps, logger: TLogger): Promise<void> {
  for (const step of steps.reverse()) {
    try {
      await step();
    } catch (error) {
      logger.error('shutdown step failed', { error });
    }
  }
}

/** Listens on the gate once `webReady` settles; `abandon()` closes the server, now or once it listens. */
function listenOnceWebReady(options: TEmbeddedOptions, gate: TStartGate) {
  let abandoned = false;
  let server: THttpServer | undefined;
  const listening = (async () => {
    await options.webReady;
    server = await listen(gate, options.port, options.host);
    if (abandoned) await server.close();
    return server;
  })();
  listening.catch(() => {}); // awaited by the start; a failure before then is reported there
  return {
    listening,
    async abandon() {
      abandoned = true;
      await server?.close();
    },
  };
}

async function startPostgres(dataDir: string, undo: TUndoSteps): Promise<string> {
  const pg = await startEmbeddedPostgres({ dataDir: resolve(dataDir, 'postgres'), stoppedByCaller: true });
  undo.push(() => pg.stop());
  return pg.url;
}

/** Every service in SERVICES order, built with its settings from `options` where given. */
function configuredServices({ account, billing, marketing, extractor, database }: TEmbeddedOptions) {
  const configured: Record<string, TServiceDefinition | undefined> = {
    account: account && createAccountService(account),
    billing: billing && createBillingService(billing),
    marketing: marketing && createMarketingService(marketing),
    extractor: extractor && createExtractorService(extractor),
    database: database && createDatabaseService(database),
  };
  return SERVICES.map((definition) => configured[definition.name] ?? definition);
}

/**
 * Embedded PostgreSQL: writes what the migrations changed to disk now, in the background. Left to the
 * shutdown checkpoint, a new cluster's hundreds of files (every table the migrations created) were
 * fsynced during the first Ctrl-C, about 2 s of its 5 s under load.
 */
function checkpointInBackground(database: TDatabase, logger: TLogger): void {
  database.sql`checkpoint`.catch((error: unknown) =>
    logger.warn('checkpoint after the migrations failed', { error: describeError(error) }),
  );
}

/** One pool per service on its schema, migrated all at once: a restart mostly waits on their round trips. */
async function migratedPools(services: TServiceDefinition[], url: string, logger: TLogger, undo: TUndoSteps) {
  const pools = services.map((definition) => {
    const serviceLogger = logger.child({ service: definition.name });
    const database = createDatabase({ url, schemaName: definition.name, max: 4, logger: serviceLogger });
    return { definition, database, serviceLogger };
  });
  // Closed together, once every service has stopped: a Ctrl-C waits for the slowest, not for the sum.
  undo.push(async () => {
    await settleAll(pools.map(({ database }) => database.close()));
  });
  await settleAll(pools.map(({ definition, database }) => migrateService(definition, database)));
  return pools;
}

/**
 * Starts the services, returned in SERVICES order. The account service first: the others verify
 * sessions with its session cache, which its own sign-out, password and erasure handlers clear before
 * answering (so a session ends everywhere at once). Then the rest together.
 */
async function startServices(pools: TPool[], bus: TEventBus, options: TEmbeddedOptions, undo: TUndoSteps) {
  const trustedOrigins = options.account && [options.account.publicUrl, ...options.account.trustedOrigins];
  let identity: TSessionVerifier | undefined;
  const startOne = async ({ definition, database, serviceLogger }: TPool) => {
    const deps = {
      database,
      bus,
      logger: serviceLogger,
      identity,
      trustedOrigins,
      optOutKey: options.optOutKey,
    };
    const service = await startService(definition, deps, { migrated: true });
    undo.push(() => service.stop());
    return { service, deps };
  };
  const [accountPool, ...otherPools] = pools;
  if (accountPool?.definition.name !== 'account') throw new Error('the account service must start first');
  const account = await startOne(accountPool);
  const sessions = (accountPool.definition as TAccountServiceDefinition).sessionVerifierOf(account.deps);
  if (!sessions) throw new Error('the account service started without its session cache');
  identity = unavailableOnFailure(sessions);
  const others = await settleAll(otherPools.map(startOne));
  return [account, ...others].map(({ service }) => service);
}

/** Waits for all of `work`, so nothing is left running, then throws the first failure if any. */
async function settleAll<T>(work: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(work);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/** A failed check (the database down) is a 503 for the asking service, never a 500 or a 401. */
function unavailableOnFailure(verifier: TSessionVerifier): TSessionVerifier {
  return {
    verify: (headers) =>
      verifier.verify(headers).catch((error: unknown) => {
        throw error instanceof SessionVerifierUnavailableError
          ? error
          : new SessionVerifierUnavailableError(error);
      }),
  };
}

function isConnectionError(error: unknown): boolean {
  // postgres.js throws URIError for a URL whose credentials it cannot decode.
  if (error instanceof URIError) return true;
  const code = (error as { code?: string } | undefined)?.code;
  return (
    typeof code === 'string' &&
    (['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'CONNECT_TIMEOUT'].includes(code) ||
      /^(28|3D)/.test(code)) // PostgreSQL auth failures and unknown database
  );
}
