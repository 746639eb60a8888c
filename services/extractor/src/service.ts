import { EXTRACTOR_ENDPOINTS, DISCOVERY_MESSAGES as M } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import {
  createOptOutKeys,
  migrationsFolderOf,
  requireIdentity,
  type TServiceDefinition,
  type TServiceDeps,
} from '@prospector/service-kit';
import { Hono } from 'hono';
import { requireToolAccess } from './access/require-tool-access.ts';
import { createToolAccess } from './access/tool-access.ts';
import { DEFAULT_EXTRACTOR_CONFIG, type TExtractorConfig } from './config.ts';
import { outbox } from './db/schema.ts';
import { createDiscoveryContext } from './discovery/discovery-context.ts';
import { createConfiguredEmailChecker } from './email-check/configured-email-checker.ts';
import { consumeAccountErasures } from './erasure/account-erased.ts';
import { consumeConfirmedOptOuts, consumeOptOuts } from './opt-outs/consume-opt-outs.ts';
import { createOptOutCheck } from './opt-outs/opt-out-check.ts';
import { createPgProfileCache } from './providers/pg-profile-cache.ts';
import { startRetentionSweeper } from './retention/retention-sweeper.ts';
import { createAvatarsRoutes } from './routes/avatars/avatars.index.ts';
import { createDiscoveryRoutes } from './routes/discovery/discovery.index.ts';
import { createEventsRoutes } from './routes/events/events.index.ts';
import { createRunsRoutes } from './routes/runs/runs.index.ts';
import { createV1Routes } from './routes/v1/v1.index.ts';
import { answerBioCodeChecks } from './rpc/bio-code-replies.ts';
import { answerEmailChecks } from './rpc/check-email-replies.ts';
import { answerProfileRefreshes } from './rpc/refresh-profile-replies.ts';
import {
  consumeEmailChecks,
  resumeEmailChecks,
  startEmailCheckSweeper,
} from './runs/consume-email-checks.ts';
import { consumeRunSteps } from './runs/consume-run-steps.ts';
import { resumeRuns, startRunSweeper } from './runs/resume-runs.ts';
import type { TRunDeps } from './runs/run-deps.ts';
import { createRunEngine } from './runs/run-engine.ts';
import { createRunLiveHub } from './runs/run-live-hub.ts';
import { createLivePublisher } from './runs/run-live-publisher.ts';
import { EXTRACTION_UNAVAILABLE_MESSAGE } from './runs/start-run.ts';
import { createConfiguredWebsiteLookup } from './websites/websites-config.ts';

/**
 * The extractor service: the data provider (README.md in providers/), extraction runs as durable
 * server-side jobs (README.md), their HTTP API and live stream, keyword search, similar accounts and
 * the avatar proxy.
 */
export function createExtractorService(
  config: TExtractorConfig = DEFAULT_EXTRACTOR_CONFIG,
): TServiceDefinition {
  // The routes and the background work of one service instance share one provider (so one global
  // limiter and cache), one run engine and one live hub.
  const createRuntime = ({ database, bus, logger, optOutKey }: TServiceDeps) => {
    const optOuts = createOptOutCheck(database.db, createOptOutKeys(optOutKey));
    const discovery = createDiscoveryContext(
      { profileCacheOf: (db) => createPgProfileCache(db.db), ...config },
      database,
    );
    const deps: TRunDeps = {
      db: database.db,
      bus,
      provider: discovery.provider,
      websites: createConfiguredWebsiteLookup(config, database, logger),
      live: createLivePublisher(bus, logger),
      optOuts,
      config: config.runs,
      logger,
      emailCheck: {
        checker:
          config.emailCheckerAsIs ??
          createConfiguredEmailChecker(config.emailCheck, config.providerEnv.EXTRACTOR_PROVIDER),
        budgetMs: config.emailCheck.EMAIL_CHECK_BUDGET_MS,
      },
    };
    return {
      discovery,
      access: createToolAccess({ bus, clock: config.clock }),
      engine: createRunEngine(deps),
      hub: createRunLiveHub(),
      deps,
      optOuts,
    };
  };
  const runtimes = new WeakMap<TDatabase, ReturnType<typeof createRuntime>>();
  const runtimeOf = (deps: TServiceDeps) => {
    const runtime = runtimes.get(deps.database) ?? createRuntime(deps);
    runtimes.set(deps.database, runtime);
    return runtime;
  };
  return {
    name: 'extractor',
    api: {
      description:
        'Extraction runs (server-side jobs) and their live stream, keyword search, similar accounts, pictures.',
      endpoints: Object.values(EXTRACTOR_ENDPOINTS),
    },
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes(deps) {
      const identity = requireIdentity('extractor', deps);
      const runtime = runtimeOf(deps);
      const { discovery, access, engine, hub, optOuts } = runtime;
      // The paywall (docs/product.md §6) on every route that spends credits or searches the provider.
      const paywall = (unavailableMessage: string) =>
        requireToolAccess(access, { unavailableMessage, logger: deps.logger });
      return new Hono()
        .route('/', createRunsRoutes(engine, identity, paywall(EXTRACTION_UNAVAILABLE_MESSAGE)))
        .route('/', createEventsRoutes(engine, hub, identity, config.heartbeatMs))
        .route(
          '/',
          createDiscoveryRoutes(discovery, {
            bus: deps.bus,
            identity,
            logger: deps.logger,
            optOuts,
            paywall: {
              search: paywall(M.searchFailed),
              similar: paywall(M.similarFailed),
              list: paywall(M.listFailed),
            },
          }),
        )
        .route('/', createAvatarsRoutes(discovery, identity))
        .route(
          '/',
          createV1Routes({
            bus: deps.bus,
            logger: deps.logger,
            engine,
            runDeps: runtime.deps,
            discovery,
            paywall: paywall(EXTRACTION_UNAVAILABLE_MESSAGE),
          }),
        );
    },
    async start(serviceDeps) {
      const { database, bus, logger } = serviceDeps;
      const runtime = runtimeOf(serviceDeps);
      const consumers = [
        await runtime.hub.start(bus),
        await runtime.access.follow(),
        await consumeRunSteps(runtime.deps),
        await consumeEmailChecks(runtime.deps),
        await answerEmailChecks(runtime.deps.emailCheck.checker, bus),
        await answerProfileRefreshes(runtime.deps, bus),
        await answerBioCodeChecks(runtime.deps, bus),
        await consumeOptOuts(database.db, bus),
        await consumeConfirmedOptOuts(database.db, bus, runtime.optOuts),
      ];
      // An in-process queue died with the last process: every active run's lanes (and every pending
      // e-mail check) are sent again. On NATS they are still queued, and only those that stalled are.
      await resumeRuns(runtime.deps, { all: bus.kind === 'memory' });
      await resumeEmailChecks(runtime.deps, { all: bus.kind === 'memory' });
      return [
        ...consumers,
        await consumeAccountErasures(database.db, bus),
        startRunSweeper(runtime.deps, logger),
        startRetentionSweeper(database.db, config.retention, logger),
        startEmailCheckSweeper(runtime.deps, logger),
      ];
    },
  };
}

export const extractorService = createExtractorService();
