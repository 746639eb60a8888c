import type { TDatabase } from '@prospector/db';
import { migrationsFolderOf, requireIdentity, type TServiceDefinition } from '@prospector/service-kit';
import { Hono } from 'hono';
import { outbox } from './db/schema.ts';
import { createUnconfiguredProvider } from './default-provider.ts';
import type { TDataProvider } from './providers/provider-port.ts';
import { createEventsRoutes } from './routes/events/events.index.ts';
import { HEARTBEAT_INTERVAL_MS } from './routes/events/events.routes.ts';
import { createRunsRoutes } from './routes/runs/runs.index.ts';
import { consumeRunSteps } from './runs/consume-run-steps.ts';
import { resumeRuns, startRunSweeper } from './runs/resume-runs.ts';
import { DEFAULT_RUN_CONFIG, type TRunConfig, type TRunDeps } from './runs/run-deps.ts';
import { createRunEngine, type TRunEngine } from './runs/run-engine.ts';
import { createLivePublisher } from './runs/run-events.ts';
import { createRunLiveHub, type TRunLiveHub } from './runs/run-live-hub.ts';

export interface TExtractorConfig {
  /**
   * The data provider, or how to build it on the service's database (its profile cache lives there).
   * The composition roots pass the configured one; without it every fetch fails (default-provider.ts).
   */
  provider: TDataProvider | ((database: TDatabase) => TDataProvider);
  /** Pacing, lanes, leases and sweeps of extraction runs. */
  runs: TRunConfig;
  /** How often the events stream sends a heartbeat comment. */
  heartbeatMs?: number;
}

export const DEFAULT_EXTRACTOR_CONFIG: TExtractorConfig = {
  provider: createUnconfiguredProvider,
  runs: DEFAULT_RUN_CONFIG,
};

interface TRuntime {
  engine: TRunEngine;
  hub: TRunLiveHub;
  deps: TRunDeps;
}

/**
 * The extractor service: extraction runs as durable server-side jobs (README.md), their HTTP API and
 * their live stream.
 */
export function createExtractorService(config: Partial<TExtractorConfig> = {}): TServiceDefinition {
  const settings: TExtractorConfig = { ...DEFAULT_EXTRACTOR_CONFIG, ...config };
  // The routes and the background work of one service instance share the engine and the live hub.
  const runtimes = new WeakMap<TDatabase, TRuntime>();
  const runtimeOf = (database: TDatabase, bus: TRunDeps['bus'], logger: TRunDeps['logger']) => {
    let runtime = runtimes.get(database);
    if (!runtime) {
      const provider =
        typeof settings.provider === 'function' ? settings.provider(database) : settings.provider;
      const deps: TRunDeps = {
        db: database.db,
        bus,
        provider,
        live: createLivePublisher(bus, logger),
        config: settings.runs,
        logger,
      };
      runtime = { engine: createRunEngine(deps), hub: createRunLiveHub(), deps };
      runtimes.set(database, runtime);
    }
    return runtime;
  };
  return {
    name: 'extractor',
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    routes(deps) {
      const identity = requireIdentity('extractor', deps);
      const { engine, hub } = runtimeOf(deps.database, deps.bus, deps.logger);
      return new Hono()
        .route('/', createRunsRoutes(engine, identity))
        .route('/', createEventsRoutes(engine, hub, identity, settings.heartbeatMs ?? HEARTBEAT_INTERVAL_MS));
    },
    async start({ database, bus, logger }) {
      const runtime = runtimeOf(database, bus, logger);
      const live = await runtime.hub.start(bus);
      const steps = await consumeRunSteps(runtime.deps);
      // An in-process queue died with the last process: every active run's lanes are sent again. On
      // NATS the steps are still queued, and only runs that stopped moving are.
      await resumeRuns(runtime.deps, { all: bus.kind === 'memory' });
      return [live, steps, startRunSweeper(runtime.deps, logger)];
    },
  };
}

export const extractorService = createExtractorService();
